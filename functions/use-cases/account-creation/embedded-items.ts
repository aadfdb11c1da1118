import type { NotePayload } from '../../../schemas/api/notes-create.schema.js';
import type { Account } from '../../rules/account/account.js';
import type { CreationReservation } from '../../rules/account/creation-reservation.js';
import { type EmbeddedTransaction, embeddedTransactions } from '../../rules/account/embedded-transactions.js';
import type { ImportedAccount } from '../../rules/import-process.js';
import type { NoteToStore } from '../../rules/notes/note.js';
import { normaliseDateTime } from '../../rules/notes/note.js';
import { repeatsEarlierNote } from '../../rules/notes/note-identity.js';
import type { PaymentInstructionRecord } from '../../rules/payments/payment-instruction.js';
import type { StatementPayload, StatementToStore } from '../../rules/statements/statement.js';
import type { ImportSupplier } from '../../rules/supplier.js';
import { ledgerEntryPosted } from '../../rules/transactions/ledger-events.js';
import { storeNewNotes } from '../../store/note-store.js';
import { storePaymentInstruction } from '../../store/payment-instruction-store.js';
import { storeNewStatements } from '../../store/statement-store.js';
import { storeNewTransactions } from '../../store/transaction-store.js';
import { notesToStore } from '../create-notes.js';
import { statementsToStore } from '../create-statements.js';
import { type EmbeddedInstruction, embeddedInstructions } from './embedded-instructions.js';

/**
 * The notes, statements, transactions and payment instructions an account carries, as creation
 * stores them: through the post-import endpoints' rules and stores, so that a later post-import
 * call sees them (a note posted again is `NOTE_ALREADY_EXISTS`, a statement or transaction id
 * already exists) and the account summary counts them.
 */
export interface EmbeddedItems {
  notes: NoteToStore[];
  statements: StatementToStore[];
  transactions: EmbeddedTransaction[];
  instructions: EmbeddedInstruction[];
}

/** For an account that names no document: nothing is resolved against a root. */
const NO_DOCUMENTS = { root_location: '' } as ImportSupplier;

/**
 * Every check of the embedded items that needs the service's data, before creation writes
 * anything: each document path exists in the supplier's file store, each payment instruction of
 * a vendor with an adapter is one the vendor has. A failing check is a 400 at the item's path
 * inside the account (`notes.0.document_paths.0.document_path`, `payment_instructions.1.reference`).
 */
export async function prepareEmbeddedItems(
  /** The supplier whose root the document paths are under (undefined: the account names none). */
  supplier: ImportSupplier | undefined,
  account: Account,
  reservation: CreationReservation,
): Promise<EmbeddedItems> {
  const notes = (account.notes ?? []) as NotePayload[];
  const createdAt = reservation.account_created_at;
  const root = supplier ?? NO_DOCUMENTS;
  const [noteCandidates, statements, instructions] = await Promise.all([
    notesToStore(
      root,
      notes,
      notes.map((note) => (note.created_at ? normaliseDateTime(note.created_at) : createdAt)),
    ),
    statementsToStore(root, (account.statements ?? []) as StatementPayload[]),
    embeddedInstructions(account, reservation),
  ]);
  const uniqueNotes: NoteToStore[] = [];
  for (const note of noteCandidates) if (!repeatsEarlierNote(note, uniqueNotes)) uniqueNotes.push(note);
  return {
    notes: uniqueNotes,
    statements,
    instructions,
    transactions: embeddedTransactions(account, {
      openStart: reservation.open_statement_period_start,
      ...(reservation.closed_statement_period
        ? { closedStart: reservation.closed_statement_period.start_date }
        : {}),
    }),
  };
}

/**
 * Stores the embedded items the account does not have yet. Every store is idempotent (an item
 * that exists is left as it is), so a re-drive of an interrupted creation writes each item once.
 * Transactions emit `billing.ledger.entry_posted` each, as transactions/create/ does; the other
 * kinds are announced by the creation's own events.
 */
export async function writeEmbeddedItems(account: ImportedAccount, items: EmbeddedItems): Promise<void> {
  await storeNewNotes(account, items.notes, () => []);
  await storeNewStatements(account, items.statements, () => []);
  await storeNewTransactions({
    account,
    transactions: items.transactions,
    batchId: `creation-${account.service_account_number}`,
    forcedNote: () => undefined,
    eventsFor: (entries) =>
      entries.map(({ transaction, ledgerEntryId }) =>
        ledgerEntryPosted(account, ledgerEntryId, transaction.type),
      ),
  });
  for (const instruction of items.instructions) {
    const record = {
      ...instruction,
      account_number: account.service_account_number,
    } as PaymentInstructionRecord;
    await storePaymentInstruction(account, record, []);
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { exampleStatement, exampleTransactions } from '../../../post-import/support/post-import-api.js';
import { type CrashPath, cleanOr } from '../crash-path.js';
import {
  accountParameters,
  accountRef,
  apiEvent,
  importSteps,
  payloadOf,
  processStep,
  stageStep,
} from '../requests.js';
import { DOCUMENT_PATH, type Subject, type World } from '../world.js';

/**
 * The v1 paths that write: staging, account creation, the four post-import endpoints and the
 * registration flows. Each re-drive is the client's: the same request again, following
 * `Retry-After` (see ../redrive.ts).
 */
const importAll = async (world: World, subjects: Subject[]) => {
  await world.prepare(subjects.flatMap((subject) => importSteps(subject)));
};

/** A repeat reports every item as existing. */
const everyItem = (results: unknown, status: string) =>
  Array.isArray(results) && results.length > 0 && results.every((result) => result?.status === status);

/** Validation keeps nothing but its answer under the request's idempotency key. */
export const validate: CrashPath = {
  id: 'validate',
  functionId: 'validate-account',
  redrive: 'client',
  prepare: async () => undefined,
  event: (_world, subject) => apiEvent('validate-account', subject, payloadOf(subject)),
};

export const stage: CrashPath = {
  id: 'stage',
  functionId: 'stage-account',
  redrive: 'client',
  prepare: async () => undefined,
  event: (_world, subject) => stageStep(subject).event,
  // A repeat of a staging that was stored is a re-staging: 200.
  answer: cleanOr((final) => final.status === 200),
};

/** A creation's retry after a lost answer: 409 already imported, naming the one account that exists. */
const alreadyImported: NonNullable<CrashPath['answer']> = (clean, final, view) =>
  cleanOr(
    (repeat) =>
      repeat.status === 409 &&
      repeat.code === 'account_import_process_already_imported' &&
      view.accounts.includes(repeat.raw?.service_account_number),
  )(clean, final);

/**
 * 8 000 characters that do not compress, the same for note `n` in every subject (a note's key
 * holds a hash of its body: the crash run's and the clean run's subjects must hash alike).
 */
function incompressibleText(n: number): string {
  const blocks: string[] = [];
  for (let block = 0; block < 188; block += 1) {
    blocks.push(createHash('sha256').update(`note ${n} block ${block}`).digest('base64'));
  }
  return blocks.join('').slice(0, 8_000);
}

/**
 * The subject's account grown past what an item keeps inline (350 KB compressed) with notes of
 * random text: its body is written in parts before the transaction that refers to them. Made once
 * per subject, so the run with a crash and the run without send the same bytes.
 */
function largePayloadOf(subject: Subject) {
  subject.data.largePayload ??= {
    ...payloadOf(subject),
    notes: Array.from({ length: 80 }, (_, n) => ({
      body: incompressibleText(n),
      created_at: `2024-02-01T00:${String(n % 60).padStart(2, '0')}:00Z`,
    })),
  };
  return subject.data.largePayload;
}

/** Staging an account whose body is kept in parts: the parts' PutItems, then the staging transaction. */
export const stageLarge: CrashPath = {
  id: 'stage-large',
  functionId: 'stage-account',
  redrive: 'client',
  prepare: async () => undefined,
  event: (_world, subject) => apiEvent('stage-account', subject, largePayloadOf(subject)),
  answer: cleanOr((final) => final.status === 200),
};

/** Creating the account `payloadOf` stages for each subject: the re-drive is the client's retry. */
function processOf(id: string, payloadOf: (subject: Subject) => Record<string, unknown>): CrashPath {
  return {
    id,
    functionId: 'process-account',
    redrive: 'client',
    prepare: async (world, subjects) => {
      await world.prepare(
        subjects.map((subject) => ({
          functionId: 'stage-account',
          event: apiEvent('stage-account', subject, payloadOf(subject)),
        })),
      );
    },
    event: (_world, subject) => processStep(subject).event,
    answer: alreadyImported,
  };
}

/** Creating an account whose body is kept in parts: the created account refers to the same parts. */
export const processLarge = processOf('process-large', largePayloadOf);

export const process: CrashPath = {
  id: 'process',
  functionId: 'process-account',
  redrive: 'client',
  prepare: async (world, subjects) => {
    await world.prepare(subjects.map((subject) => stageStep(subject)));
  },
  event: (_world, subject) => processStep(subject).event,
  answer: alreadyImported,
};

/** More embedded transactions than one write holds: the creation's writes come in chunks. */
const CHUNKED_CREATION_TRANSACTIONS = 120;

/**
 * The subject's account carrying 120 more payments in its current statement, a second customer
 * and two more notes: a creation of several writes (reservation, notes, statements, two of
 * transactions, the payment instruction, completion), so a crash can fall between any two.
 */
function chunkedPayloadOf(subject: Subject) {
  if (!subject.data.chunkedPayload) {
    const payload = payloadOf(subject);
    const [first] = payload.current_statement_transactions;
    const customer = payload.customers[0];
    subject.data.chunkedPayload = {
      ...payload,
      customers: [...payload.customers, { ...customer, email: `second.${customer.email}` }],
      current_statement_transactions: [
        ...payload.current_statement_transactions,
        ...Array.from({ length: CHUNKED_CREATION_TRANSACTIONS }, (_, n) => ({
          ...first,
          transaction_id: `P-CHUNK-${n}`,
          // Nothing owed changes: the transfer balance still adds up.
          amount: '0.00',
        })),
      ],
      notes: [
        ...payload.notes,
        { body: 'Second note', created_at: '2024-01-21T09:30:00Z' },
        { body: 'Third note', created_at: '2024-01-22T09:30:00Z' },
      ],
    };
  }
  return subject.data.chunkedPayload;
}

/** A creation in chunks: interrupted at any call, the re-drive finishes the same account, each item once. */
export const processChunked = processOf('process-chunked', chunkedPayloadOf);

export const processDryRun: CrashPath = {
  ...process,
  id: 'process-dry-run',
  event: (_world, subject) => apiEvent('process-account', subject, { ...accountRef(subject), dry_run: true }),
  answer: undefined,
};

export const transactions: CrashPath = {
  id: 'transactions',
  functionId: 'create-transactions',
  redrive: 'client',
  prepare: importAll,
  event: (_world, subject) =>
    apiEvent('create-transactions', subject, {
      ...accountRef(subject),
      transactions: [
        exampleTransactions.charge('T1', '2026-01-05'),
        exampleTransactions.payment('T2', '2026-01-06'),
        exampleTransactions.supplyCharge('T3', '2025-12-01'),
      ],
    }),
  answer: cleanOr(
    (final) => final.status === 201 && everyItem(final.body?.results, 'TRANSACTION_ALREADY_EXISTS'),
  ),
};

/** More transactions than one write holds: the crash can fall between two writes of one request. */
const CHUNKED_TRANSACTIONS = 100;

export const transactionsInChunks: CrashPath = {
  ...transactions,
  id: 'transactions-chunked',
  event: (_world, subject) =>
    apiEvent('create-transactions', subject, {
      ...accountRef(subject),
      transactions: Array.from({ length: CHUNKED_TRANSACTIONS }, (_, i) =>
        exampleTransactions.charge(`T${i}`, '2026-01-05'),
      ),
    }),
  // A repeat reports the transactions the crashed request stored as existing, and adds the rest.
  answer: cleanOr(
    (final) =>
      final.status === 201 &&
      final.body?.results?.length === CHUNKED_TRANSACTIONS &&
      final.body.results.every((result: { status?: string }) =>
        ['TRANSACTION_ADDED_TO_ACCOUNT', 'TRANSACTION_ALREADY_EXISTS'].includes(String(result.status)),
      ),
  ),
};

export const notes: CrashPath = {
  id: 'notes',
  functionId: 'create-notes',
  redrive: 'client',
  prepare: importAll,
  event: (_world, subject) =>
    apiEvent('create-notes', subject, {
      ...accountRef(subject),
      notes: [
        { body: 'Moved from the legacy system', created_at: '2026-01-02T10:00:00Z', is_pinned: true },
        { document_paths: [{ document_path: DOCUMENT_PATH }], external_id: 'N-1' },
      ],
    }),
  answer: cleanOr((final) => final.status === 201 && everyItem(final.body, 'NOTE_ALREADY_EXISTS')),
};

export const statements: CrashPath = {
  id: 'statements',
  functionId: 'create-historical-statements',
  redrive: 'client',
  prepare: importAll,
  event: (_world, subject) =>
    apiEvent('create-historical-statements', subject, {
      ...accountRef(subject),
      statements: [exampleStatement('S-1', { statement_path: DOCUMENT_PATH }), exampleStatement('S-2')],
    }),
};

/** One reference for every subject of a world: the fake vendor's answer depends on it. */
const references = new WeakMap<World, string>();

export const paymentInstruction: CrashPath = {
  id: 'payment-instruction',
  functionId: 'create-payment-instruction',
  redrive: 'client',
  prepare: importAll,
  event: (world, subject) => {
    const reference = references.get(world) ?? `pm_crashpoints_${randomBytes(4).toString('hex')}`;
    references.set(world, reference);
    subject.data.placeholders = { reference };
    return apiEvent('create-payment-instruction', subject, {
      ...accountRef(subject),
      vendor: 'STRIPE',
      reference,
      type: 'CARD',
      ledger_code: 'MAIN',
      use_for_scheduled_payments: true,
      valid_from: '2026-01-01',
    });
  },
};

export const registrationFlows: CrashPath = {
  id: 'registration-flows',
  functionId: 'send-registration-flows',
  redrive: 'client',
  prepare: importAll,
  event: (_world, subject) => {
    payloadOf(subject);
    return apiEvent('send-registration-flows', subject, { dry_run: false }, accountParameters(subject));
  },
  // Calling again is safe: meter points already requested come back as errors naming REGISTRATION_REQUESTED.
  answer: cleanOr(
    (final) =>
      final.status === 200 &&
      Array.isArray(final.body?.meter_points) &&
      final.body.meter_points.every(
        (point: { status?: string; error_detail?: string }) =>
          point.status === 'REGISTRATION_FLOW_ERROR' &&
          point.error_detail?.includes('REGISTRATION_REQUESTED'),
      ),
  ),
};

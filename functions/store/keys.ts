/**
 * Key builders for every entity of the single table. The only place that knows key
 * formats: stores call these, nothing else concatenates `pk`/`sk` strings.
 *
 * Partition families:
 *   SUPPLIER#<code>                 SUPPLIER                 import supplier (status, root_location, expiry window)
 *   ORGANISATION#<name>             ORGANISATION             API-key holder and its supplier scope
 *   APIKEY#<sha256>                 APIKEY                   API key (hash only)
 *   REFRESH#<sha256>                REFRESH                  refresh token (hash only, TTL)
 *   IMPORT#<supplier>#<external>    PROCESS | STAGED         import process and its staged payload
 *   ACCOUNT#<service number>        ACCOUNT | PERIOD#… | NOTE#… | NOTEBODY#… | TXN#… | STATEMENT#… | PAYMENT#…
 *   OUTBOX#<uuid>                   OUTBOX                   events waiting for the stream publisher (TTL)
 *   VENDORFAIL#<vendor>#<reference> VENDORFAIL | ERROREVENT#<code>  vendor unreachable: failure run, error-event marker (TTL)
 */

export interface TableKey {
  pk: string;
  sk: string;
}

export const keys = {
  supplier: (code: string): TableKey => ({ pk: `SUPPLIER#${code}`, sk: 'SUPPLIER' }),
  organisation: (name: string): TableKey => ({ pk: `ORGANISATION#${name}`, sk: 'ORGANISATION' }),
  apiKey: (keyHash: string): TableKey => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),
  refreshToken: (tokenHash: string): TableKey => ({ pk: `REFRESH#${tokenHash}`, sk: 'REFRESH' }),

  importProcess: (supplier: string, externalAccountNumber: string): TableKey => ({
    pk: `IMPORT#${supplier}#${externalAccountNumber}`,
    sk: 'PROCESS',
  }),
  stagedAccount: (supplier: string, externalAccountNumber: string): TableKey => ({
    pk: `IMPORT#${supplier}#${externalAccountNumber}`,
    sk: 'STAGED',
  }),

  account: (serviceAccountNumber: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: 'ACCOUNT',
  }),
  statementPeriod: (serviceAccountNumber: string, startDate: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `PERIOD#${startDate}`,
  }),
  /** A note, keyed by a hash of its content (body or document paths) and its created_at. */
  note: (serviceAccountNumber: string, contentHash: string, createdAt: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `NOTE#${contentHash}#${createdAt}`,
  }),
  /** Marker that some note with this content exists (dedupe of notes sent without created_at). */
  noteContent: (serviceAccountNumber: string, contentHash: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `NOTEBODY#${contentHash}`,
  }),
  transaction: (serviceAccountNumber: string, transactionId: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `TXN#${transactionId}`,
  }),
  historicalStatement: (serviceAccountNumber: string, statementId: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `STATEMENT#${statementId}`,
  }),
  paymentInstruction: (serviceAccountNumber: string, vendor: string, reference: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `PAYMENT#${vendor}#${reference}`,
  }),

  outbox: (id: string): TableKey => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),

  /** The current run of failures to reach a payment vendor for one reference. */
  vendorFailures: (vendor: string, reference: string): TableKey => ({
    pk: `VENDORFAIL#${vendor}#${reference}`,
    sk: 'VENDORFAIL',
  }),
  /** Marks that a `post_import.error` with this code was emitted for the reference lately. */
  vendorErrorEventMarker: (vendor: string, reference: string, code: string): TableKey => ({
    pk: `VENDORFAIL#${vendor}#${reference}`,
    sk: `ERROREVENT#${code}`,
  }),
};

/** Index keys. Lists query these partitions and never scan. */
export const indexKeys = {
  /** gsi1: every live import process of a supplier. */
  allProcesses: (supplier: string, externalAccountNumber: string) => ({
    gsi1pk: `SUPPLIER#${supplier}#PROCESSES`,
    gsi1sk: externalAccountNumber,
  }),
  allProcessesPartition: (supplier: string) => `SUPPLIER#${supplier}#PROCESSES`,

  /** gsi2: pending (staged, no account yet) or imported processes of a supplier. */
  processesInState: (supplier: string, state: ProcessListState, externalAccountNumber: string) => ({
    gsi2pk: `SUPPLIER#${supplier}#${state}`,
    gsi2sk: externalAccountNumber,
  }),
  processesInStatePartition: (supplier: string, state: ProcessListState) => `SUPPLIER#${supplier}#${state}`,

  /** gsi3: operator listings. */
  suppliers: (code: string) => ({ gsi3pk: 'SUPPLIERS', gsi3sk: code }),
  suppliersPartition: 'SUPPLIERS',
  organisations: (name: string) => ({ gsi3pk: 'ORGANISATIONS', gsi3sk: name }),
  organisationsPartition: 'ORGANISATIONS',
  apiKeys: (organisation: string, keyId: string) => ({
    gsi3pk: 'APIKEYS',
    gsi3sk: `${organisation}#${keyId}`,
  }),
  apiKeysPartition: 'APIKEYS',
};

export type ProcessListState = 'PENDING' | 'IMPORTED';

export const OUTBOX_PK_PREFIX = 'OUTBOX#';

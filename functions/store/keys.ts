/**
 * Key builders for every entity of the single table. The only place that knows key
 * formats: stores call these, nothing else concatenates `pk`/`sk` strings.
 *
 * Partition families:
 *   SUPPLIER#<code>                 SUPPLIER                 import supplier (status, root_location, expiry window)
 *   ORGANISATION#<name>             ORGANISATION             API-key holder and its supplier scope
 *   APIKEY#<sha256>                 APIKEY                   API key (hash only)
 *   REFRESH#<sha256>                REFRESH                  refresh token (hash only, TTL)
 *   IMPORT#<supplier>#<external>    PROCESS | STAGED | TASK  import process, its staged payload, its v2 task
 *   ACCOUNTBODY#<sha256>            PART#<n>                 a part of an account body too large to keep inline
 *   SUPPLIER#<code>                 COUNTER#<n>              sharded counters of the supplier's accounts (summary)
 *   ACCOUNT#<service number>        ACCOUNT | PERIOD#… | NOTE#… | NOTEBODY#… | TXN#… | STATEMENT#… | PAYMENT#…
 *                                   | SUMMARY#<n> | SUMMARY#PAYMENT   aggregates read by the account summary
 *   ACCOUNT#<service number>        METERPOINTS              the account's meter points in payload order
 *   ACCOUNT#<service number>        USER#<user id>           an account user created from a `customers` item
 *   SERVICEIDS                      COUNTER                  the environment's next free service-allocated integer id
 *   METERPOINT#<mpxn>               METERPOINT               the one account a meter point belongs to, and its status
 *   OUTBOX#<uuid>                   OUTBOX                   events waiting for the stream publisher (TTL)
 *   INBOUND#<event id>              INBOUND                  an inbound event already applied by a consumer (TTL)
 *   VENDORFAIL#<vendor>#<reference> VENDORFAIL | ERROREVENT#<code>  vendor unreachable: failure run, error-event marker (TTL)
 *   BULKJOB#<job id>                JOB                      bulk import job (state, reader position, reader claim)
 *   BULKJOB#<job id>#COUNTER#<n>    COUNTER                  sharded line counts of the job's finished chunks
 *   BULKJOB#<job id>#CHUNK#<n>      LINE#<line> | DONE       a line's claim and result (TTL); the chunk's counted end
 *   IDEMPOTENCY#<org>#<sha256>      IDEMPOTENCY              an idempotency key: its claim, then the answer kept (TTL)
 *   REFERENCE                       KIND#<kind>#<n>          part n of one kind of reference data (one Query reads every kind)
 */

export interface TableKey {
  pk: string;
  sk: string;
}

export const keys = {
  supplier: (code: string): TableKey => ({ pk: `SUPPLIER#${code}`, sk: 'SUPPLIER' }),
  /** Shard `n` of the supplier's account counters (pending, imported, scheduled). */
  supplierCounter: (code: string, shard: number): TableKey => ({
    pk: `SUPPLIER#${code}`,
    sk: `${SUPPLIER_COUNTER_PREFIX}${String(shard).padStart(4, '0')}`,
  }),
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
  /** The account's latest v2 import task. */
  accountTask: (supplier: string, externalAccountNumber: string): TableKey => ({
    pk: `IMPORT#${supplier}#${externalAccountNumber}`,
    sk: 'TASK',
  }),

  /** Part `n` of an account body kept in parts (account-body-store.ts), keyed by the body's hash. */
  accountBodyPart: (sha256: string, part: number): TableKey => ({
    pk: `ACCOUNTBODY#${sha256}`,
    sk: `PART#${String(part).padStart(4, '0')}`,
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

  /** Shard `n` of an account's summary aggregates (counts, sums, dates, id sets). */
  accountSummaryShard: (serviceAccountNumber: string, shard: number): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `${ACCOUNT_SUMMARY_PREFIX}${String(shard).padStart(4, '0')}`,
  }),
  /** The account's latest payment instruction, as its summary shows it. */
  accountSummaryPayment: (serviceAccountNumber: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `${ACCOUNT_SUMMARY_PREFIX}PAYMENT`,
  }),
  /** The account's meter points (MPxN, supply type, earliest agreement) in payload order. */
  accountMeterPoints: (serviceAccountNumber: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: 'METERPOINTS',
  }),
  /** A user of the account, created from its `customers` item; `userId` is service-allocated. */
  accountUser: (serviceAccountNumber: string, userId: number): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `USER#${String(userId).padStart(12, '0')}`,
  }),
  /** What creation made of the account's payload, counted by kind (read with the summary aggregates). */
  accountCreatedKinds: (serviceAccountNumber: string): TableKey => ({
    pk: `ACCOUNT#${serviceAccountNumber}`,
    sk: `${ACCOUNT_SUMMARY_PREFIX}CREATED`,
  }),
  /** The environment's counter of service-allocated integer ids (users, consents, agreements, …). */
  serviceIds: (): TableKey => ({ pk: 'SERVICEIDS', sk: 'COUNTER' }),
  /** A meter point's claim: the account it belongs to (at most one) and its registration status. */
  meterPoint: (mpxn: string): TableKey => ({ pk: `METERPOINT#${mpxn}`, sk: 'METERPOINT' }),

  outbox: (id: string): TableKey => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
  /** Records that a consumer applied the inbound event `eventId` (its `detail.event_id`). */
  inboundEvent: (eventId: string): TableKey => ({ pk: `INBOUND#${eventId}`, sk: 'INBOUND' }),
  /** An organisation's idempotency key (by its hash): the claim of the request in flight, then its kept answer. */
  idempotencyKey: (organisation: string, keyHash: string): TableKey => ({
    pk: `IDEMPOTENCY#${organisation}#${keyHash}`,
    sk: 'IDEMPOTENCY',
  }),

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

  /** Part `n` of one kind of reference data: every kind shares one partition, read with one Query. */
  referenceDataPart: (kind: string, part: number): TableKey => ({
    pk: REFERENCE_DATA_PARTITION,
    sk: `${referenceDataPrefix(kind)}${String(part).padStart(4, '0')}`,
  }),

  bulkJob: (jobId: string): TableKey => ({ pk: `BULKJOB#${jobId}`, sk: 'JOB' }),
  /** Shard `n` of a job's counts: each finished chunk adds to one shard, so no item is hot. */
  bulkJobCounter: (jobId: string, shard: number): TableKey => ({
    pk: `BULKJOB#${jobId}#COUNTER#${String(shard).padStart(4, '0')}`,
    sk: 'COUNTER',
  }),
  /** The partition of one chunk (the lines one queue message names): its lines sort in line order. */
  bulkJobChunkPartition: (jobId: string, chunk: number): string =>
    `BULKJOB#${jobId}#CHUNK#${String(chunk).padStart(8, '0')}`,
  bulkJobLine: (jobId: string, chunk: number, line: number): TableKey => ({
    pk: keys.bulkJobChunkPartition(jobId, chunk),
    sk: `${BULK_JOB_LINE_PREFIX}${String(line).padStart(12, '0')}`,
  }),
  /** Written once, in the transaction that adds the chunk's counts to a counter shard. */
  bulkJobChunkDone: (jobId: string, chunk: number): TableKey => ({
    pk: keys.bulkJobChunkPartition(jobId, chunk),
    sk: 'DONE',
  }),
};

/** The partition of every kind of reference data. */
export const REFERENCE_DATA_PARTITION = 'REFERENCE';
/** Sort-key prefix of one kind's parts. */
export const referenceDataPrefix = (kind: string): string => `KIND#${kind}#`;

/** Sort-key prefix of a chunk's line items. */
export const BULK_JOB_LINE_PREFIX = 'LINE#';

const UNFINISHED_BULK_JOBS = 'BULKJOBS#UNFINISHED';

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

  /** gsi4: v2 account tasks of a supplier per status, by the time the sweep next looks (or ended). */
  accountTasks: (supplier: string, status: string, at: string, externalAccountNumber: string) => ({
    gsi4pk: `TASKS#${supplier}#${status}`,
    gsi4sk: `${at}#${externalAccountNumber}`,
  }),
  accountTasksPartition: (supplier: string, status: string) => `TASKS#${supplier}#${status}`,

  /** gsi3: an organisation's bulk jobs for one supplier, newest last (read backwards). */
  bulkJobs: (supplier: string, organisation: string, createdAtMs: string, jobId: string) => ({
    gsi3pk: indexKeys.bulkJobsPartition(supplier, organisation),
    gsi3sk: `${createdAtMs}#${jobId}`,
  }),
  // The supplier code holds no `#`, so the organisation's name (any text) follows unambiguously.
  bulkJobsPartition: (supplier: string, organisation: string) => `BULKJOBS#${supplier}#${organisation}`,
  /** gsi4 (sparse): jobs started and not yet finished, for the engine's recovery. */
  unfinishedBulkJob: (startedAtMs: string, jobId: string) => ({
    gsi4pk: UNFINISHED_BULK_JOBS,
    gsi4sk: `${startedAtMs}#${jobId}`,
  }),
  unfinishedBulkJobsPartition: UNFINISHED_BULK_JOBS,
};

export type ProcessListState = 'PENDING' | 'IMPORTED';

/** Sort-key prefix of every item the account summary reads (one Query with begins_with). */
export const ACCOUNT_SUMMARY_PREFIX = 'SUMMARY#';
/** Sort-key prefix of a supplier's counter shards. */
export const SUPPLIER_COUNTER_PREFIX = 'COUNTER#';

export const OUTBOX_PK_PREFIX = 'OUTBOX#';

/**
 * Timing and sizes of the bulk job engine, shared by the functions, the stack and the local
 * runtime.
 *
 * - Starting a job sends a `read` message to the reader queue, then moves the job to
 *   IN_PROGRESS. The reader (`read-bulk-job`) reads the job's input once as a stream, cuts its
 *   lines into chunks and sends each chunk to the lines queue as one message (line numbers and
 *   byte ranges, never the lines themselves). It runs at most READER_TIMEOUT_SECONDS per
 *   invocation and notes its position in the job after every batch of messages; one that runs out
 *   of time sends its job to the reader queue again, and the next goes on from there.
 * - The worker (`run-bulk-job-lines`) takes one message per invocation, reads the chunk's byte
 *   range from S3 and runs its lines one after another; at most `bulkJobConcurrency` invocations
 *   run at once, so that many lines are loaded at the same time. It runs at most
 *   WORKER_TIMEOUT_SECONDS, and starts no line with less than LINE_START_RESERVE_SECONDS left:
 *   it hands the rest of the chunk back to the queue instead.
 * - Each queue hides a received message for six times its function's timeout (as AWS recommends
 *   for a Lambda event source), then delivers it again unless the function deleted it, so a
 *   crashed function's message comes back. After MAX_RECEIVE_COUNT deliveries a message goes to
 *   its queue's dead-letter queue (alarmed).
 */
export const READER_TIMEOUT_SECONDS = 300;
export const READER_VISIBILITY_TIMEOUT_SECONDS = 6 * READER_TIMEOUT_SECONDS;
/** Readers at once in the cloud: each reads one job (one object) and sends far faster than workers run lines. */
export const READER_CONCURRENCY = 5;
export const WORKER_TIMEOUT_SECONDS = 120;
export const LINE_START_RESERVE_SECONDS = 45;
export const VISIBILITY_TIMEOUT_SECONDS = 6 * WORKER_TIMEOUT_SECONDS;
export const MAX_RECEIVE_COUNT = 5;

/**
 * A `read` message can reach the reader before the start's write that follows it: the reader
 * looks again after START_WAIT_SECONDS, at most START_WAITS times (a start that died between its
 * message and its write leaves the job OPEN, and the message is then dropped).
 */
export const START_WAIT_SECONDS = 5;
export const START_WAITS = 6;

/**
 * A line whose result holds a transient failure (after the client's own retries: a creation lock
 * held by a worker that died, throttling, a vendor outage) runs again TRANSIENT_RETRY_SECONDS
 * later, at most MAX_LINE_RUNS times in all; then its result is kept as it is, as `etl load`
 * writes it (a bad line never holds the job up for ever).
 */
export const TRANSIENT_RETRY_SECONDS = 15;
export const MAX_LINE_RUNS = 5;

/** A worker that finds the job's supplier Paused or Complete looks again after this long. */
export const SUPPLIER_RECHECK_SECONDS = 60;
/** SQS delays a message at most 15 minutes. */
export const MAX_DELAY_SECONDS = 900;

/** Counter shards of a job: each finished chunk adds its counts to one of them. */
export const COUNTER_SHARDS = 16;

/** At most this many lines in one chunk (one message, one worker invocation). */
export const MAX_LINES_PER_CHUNK = 100;
/** A chunk's lines are read with one ranged GET of at most this many bytes (a line over the limit is never read). */
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
/** Chunks the reader sends per SendMessageBatch (SQS's most), and after which it notes its position. */
export const READ_BATCH = 10;
/** Chunks per worker the reader aims at, so the last chunks end close together. */
const CHUNKS_PER_WORKER = 8;
/** The largest chunk the reader aims at, in bytes of input. */
export const MAX_TARGET_CHUNK_BYTES = 1024 * 1024;

/**
 * The input bytes the reader puts in a chunk before it closes it: about CHUNKS_PER_WORKER chunks
 * per worker over the whole file, so that small files still spread over every worker, and at
 * most 1 MiB. Decided once per job from the object's size and kept in the job, so a reader that
 * goes on after a crash cuts the same chunks.
 */
export function targetChunkBytes(objectBytes: number, concurrency: number): number {
  const share = Math.ceil(objectBytes / (Math.max(1, concurrency) * CHUNKS_PER_WORKER));
  return Math.max(1, Math.min(MAX_TARGET_CHUNK_BYTES, share));
}

/** One line of a chunk: its number in the file, and where its text is (without the line break). */
export interface ChunkLine {
  line: number;
  offset: number;
  length: number;
}

/** A chunk: consecutive non-blank lines of the input, one queue message. */
export interface Chunk {
  chunk: number;
  lines: ChunkLine[];
}

/**
 * The lines queue's messages: a chunk to run, or the job to finish (its last chunk ended).
 * Lines travel as `[line, offset, length]` triples: a chunk of 100 lines is about 3 KB, far
 * under SQS's 256 KB.
 */
export type BulkJobMessage =
  | { kind: 'lines'; job_id: string; chunk: number; lines: [number, number, number][] }
  | { kind: 'finish'; job_id: string };

export function linesMessage(jobId: string, chunk: Chunk): BulkJobMessage {
  return {
    kind: 'lines',
    job_id: jobId,
    chunk: chunk.chunk,
    lines: chunk.lines.map((line) => [line.line, line.offset, line.length]),
  };
}

export const finishMessage = (jobId: string): BulkJobMessage => ({ kind: 'finish', job_id: jobId });

/**
 * The reader queue's message: read job `job_id` (`continue` from where its last reader stopped,
 * or `resend` every chunk not counted yet); `waits`: how often it found the job not started yet.
 */
export interface ReadMessage {
  kind: 'read';
  job_id: string;
  mode: 'continue' | 'resend';
  waits: number;
}

export const readMessage = (jobId: string, mode: ReadMessage['mode'], waits = 0): ReadMessage => ({
  kind: 'read',
  job_id: jobId,
  mode,
  waits,
});

export function readReadMessage(body: string): ReadMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const message = value as Partial<ReadMessage> | null;
  if (message?.kind !== 'read' || typeof message.job_id !== 'string') return undefined;
  if (message.mode !== 'continue' && message.mode !== 'resend') return undefined;
  return readMessage(message.job_id, message.mode, isCount(message.waits) ? message.waits : 0);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The message, or undefined when it is not one of the engine's (logged and dropped). */
export function readBulkJobMessage(body: string): BulkJobMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const message = value as Partial<Record<string, unknown>> | null;
  if (typeof message?.job_id !== 'string') return undefined;
  if (message.kind === 'finish') return { kind: 'finish', job_id: message.job_id };
  if (message.kind !== 'lines' || !isCount(message.chunk) || !Array.isArray(message.lines)) return undefined;
  const lines = message.lines as unknown[];
  if (!lines.every((line) => Array.isArray(line) && line.length === 3 && line.every(isCount)))
    return undefined;
  return {
    kind: 'lines',
    job_id: message.job_id,
    chunk: message.chunk,
    lines: lines as [number, number, number][],
  };
}

export function chunkOf(message: Extract<BulkJobMessage, { kind: 'lines' }>): Chunk {
  return {
    chunk: message.chunk,
    lines: message.lines.map(([line, offset, length]) => ({ line, offset, length })),
  };
}

/** The counter shard a chunk's counts go to. */
export const counterShardOf = (chunk: number) => chunk % COUNTER_SHARDS;

/** How many of a job's `chunks` count on shard `shard`: those whose number is `shard` modulo the shards. */
export function chunksOfShard(shard: number, chunks: number): number {
  return shard < chunks ? Math.floor((chunks - 1 - shard) / COUNTER_SHARDS) + 1 : 0;
}

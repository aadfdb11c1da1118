/**
 * The rules a bulk job keeps whatever crashed: each chunk counted once, with the counts of its
 * lines; the counter shards equal to a recount of the counted chunks; a finished job's counts
 * equal to a recount, every line of it ended once; no claim (a line's, the read's) held after
 * recovery, and none left by a crash beyond its holder's lifetime.
 */
type Item = Record<string, unknown>;

const COUNTS = ['imported', 'partial', 'failed', 'not_processed'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
const STATUS_COUNT: Record<string, keyof Counts> = {
  IMPORTED: 'imported',
  PARTIAL: 'partial',
  FAILED: 'failed',
};

const noCounts = (): Counts => ({ imported: 0, partial: 0, failed: 0, not_processed: 0 });
const countsOf = (value: unknown): Counts => {
  const counts = noCounts();
  for (const name of COUNTS) counts[name] = Number((value as Partial<Counts> | undefined)?.[name] ?? 0);
  return counts;
};
const add = (sum: Counts, counts: Counts) => {
  for (const name of COUNTS) sum[name] += counts[name];
};
/** `what name value, recount n` for each count that differs. */
const differences = (what: string, stored: Counts, recount: Counts) =>
  COUNTS.filter((name) => stored[name] !== recount[name]).map(
    (name) => `${what} ${name} ${stored[name]}, recount ${recount[name]}`,
  );

const isJob = (item: Item) => item.sk === 'JOB' && /^BULKJOB#[^#]+$/.test(String(item.pk));
const ofJob = (items: readonly Item[], jobId: string, kind: 'CHUNK' | 'COUNTER') =>
  items.filter((item) => String(item.pk).startsWith(`BULKJOB#${jobId}#${kind}#`));

export function bulkJobInvariants(items: readonly Item[]): string[] {
  const found: string[] = [];
  for (const job of items.filter(isJob)) {
    const jobId = String(job.pk).slice('BULKJOB#'.length);
    if (job.reader_holder !== undefined) found.push('the bulk job read still claimed after recovery');
    const chunkItems = ofJob(items, jobId, 'CHUNK');
    const counted = noCounts();
    let chunksDone = 0;
    const ended = new Map<number, number>();
    const end = (line: number) => ended.set(line, (ended.get(line) ?? 0) + 1);
    for (const partition of new Set(chunkItems.map((item) => String(item.pk)))) {
      const chunk = partition.slice(partition.lastIndexOf('#') + 1);
      const lines = chunkItems.filter((item) => item.pk === partition && String(item.sk).startsWith('LINE#'));
      const recount = noCounts();
      for (const line of lines) {
        if (line.claim_holder !== undefined)
          found.push(`bulk job line ${String(line.sk)} still claimed after recovery`);
        const name = STATUS_COUNT[String(line.line_status)];
        if (name) recount[name]++;
        if (line.line_status !== undefined) end(Number(String(line.sk).slice('LINE#'.length)));
      }
      const done = chunkItems.find((item) => item.pk === partition && item.sk === 'DONE');
      if (!done) continue;
      chunksDone++;
      const notProcessed = (done.not_processed ?? []) as [number, unknown][];
      recount.not_processed = notProcessed.length;
      for (const [line] of notProcessed) end(Number(line));
      found.push(...differences(`bulk job chunk ${chunk} counted`, countsOf(done.counts), recount));
      add(counted, countsOf(done.counts));
    }
    const shards = noCounts();
    let shardChunks = 0;
    for (const shard of ofJob(items, jobId, 'COUNTER')) {
      add(shards, countsOf(shard));
      shardChunks += Number(shard.chunks_done ?? 0);
    }
    found.push(...differences('bulk job counter shards', shards, counted));
    if (shardChunks !== chunksDone)
      found.push(`bulk job counter shards chunks_done ${shardChunks}, recount ${chunksDone}`);
    if (!job.finished_at || job.state === 'FAILED') continue;
    found.push(...differences('bulk job final_counts', countsOf(job.final_counts), counted));
    if (chunksDone !== Number(job.chunks_total)) {
      found.push(`finished bulk job: ${chunksDone} chunks counted of ${String(job.chunks_total)}`);
    }
    if (ended.size !== Number(job.lines_total)) {
      found.push(`finished bulk job: ${ended.size} lines ended of ${String(job.lines_total)}`);
    }
    for (const [line, times] of ended)
      if (times > 1) found.push(`bulk job line ${line} ended ${times} times`);
  }
  return found;
}

/** The claims the items of job `jobId` hold: its lines' and its read's, with their expiry. */
export function bulkJobClaims(items: readonly Item[], jobId: string): { what: string; expiresAt: number }[] {
  const claims: { what: string; expiresAt: number }[] = [];
  for (const item of items) {
    if (!String(item.pk).startsWith(`BULKJOB#${jobId}`)) continue;
    if (typeof item.claim_expires_at === 'string') {
      claims.push({
        what: `the bulk job line claim (${String(item.sk)})`,
        expiresAt: Date.parse(item.claim_expires_at),
      });
    }
    if (typeof item.reader_expires_at === 'string') {
      claims.push({ what: 'the bulk job read claim (JOB)', expiresAt: Date.parse(item.reader_expires_at) });
    }
  }
  return claims;
}

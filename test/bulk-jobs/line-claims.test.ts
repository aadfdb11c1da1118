import { describe, expect, it } from 'vitest';
import { claimExpiresAt, claimNow } from '../../functions/rules/claims/claim.js';
import {
  claimLine,
  markChunkDone,
  readChunk,
  saveLineResult,
} from '../../functions/store/bulk-job-line-store.js';
import { getBulkJobProgress, markAborted } from '../../functions/store/bulk-job-store.js';
import { failedLineResult, startedJob } from './started-job.js';

/**
 * A bulk job line in flight is a claim of the one claim model: its holder (the worker invocation)
 * and an expiry (the invocation's deadline plus the margin). Driven against the table directly,
 * with clocks of the test's choosing.
 */
const result = (line: number) => failedLineResult(line, `CLAIM-${line}`);

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const claim = (holder: string, now: Date, options: { whileJobRuns?: boolean; lifeMs?: number } = {}) => ({
  holder,
  now,
  expiresAt: claimExpiresAt(now.getTime() + (options.lifeMs ?? 60_000), 5),
  whileJobRuns: options.whileJobRuns ?? false,
});

describe('a line is held by one worker until its claim expires', () => {
  it('a second worker finds it held until the expiry, then takes it over; its first holder can no longer write a result', async () => {
    // Prepare
    const jobId = await startedJob('claims-test');
    const first = claim('worker-a', at(0), { lifeMs: 10_000 });

    // Act
    const taken = await claimLine(jobId, 0, 1, first);
    const refused = await claimLine(jobId, 0, 1, claim('worker-b', at(1_000)));
    const takenOver = await claimLine(jobId, 0, 1, claim('worker-b', at(20_000)));
    const lateWrite = await saveLineResult(jobId, 0, result(1), 'worker-a', Date.now());
    const ownWrite = await saveLineResult(jobId, 0, result(1), 'worker-b', Date.now());
    const afterEnd = await claimLine(jobId, 0, 1, claim('worker-c', at(60_000)));

    // Assess
    expect(taken).toEqual({ outcome: 'claimed' });
    expect(refused).toEqual({ outcome: 'held', until: first.expiresAt });
    expect(takenOver).toEqual({ outcome: 'claimed' });
    expect(lateWrite).toBe(false);
    expect(ownWrite).toBe(true);
    expect(afterEnd).toEqual({ outcome: 'done' });
    expect((await readChunk(jobId, 0)).lines.get(1)?.result).toEqual(result(1));
  });
});

describe('no line starts once the job is aborted', () => {
  it('a claim taken while the job must run is refused after the abort, in the same request', async () => {
    // Prepare
    const jobId = await startedJob('claims-test');
    const before = await claimLine(jobId, 0, 1, claim('worker-a', at(0), { whileJobRuns: true }));

    // Act
    await markAborted(jobId, 'IN_PROGRESS', claimNow(new Date()));
    const after = await claimLine(jobId, 0, 2, claim('worker-a', at(0), { whileJobRuns: true }));

    // Assess
    expect(before).toEqual({ outcome: 'claimed' });
    expect(after).toEqual({ outcome: 'job-stopped' });
    expect((await readChunk(jobId, 0)).lines.has(2)).toBe(false);
  });
});

describe('a chunk is counted once, whatever its deliveries', () => {
  it('counting it twice adds its counts once', async () => {
    // Prepare
    const jobId = await startedJob('claims-test');
    const counts = { imported: 1, partial: 0, failed: 2, not_processed: 1 };

    // Act
    const first = await markChunkDone(jobId, 3, counts, [[7, 'CLAIM-7']], Date.now());
    const second = await markChunkDone(jobId, 3, counts, [[7, 'CLAIM-7']], Date.now());

    // Assess
    expect([first, second]).toEqual([true, false]);
    const progress = await getBulkJobProgress(jobId);
    expect(progress?.counts).toEqual(counts);
    expect(progress?.chunksDone).toBe(1);
    expect((await readChunk(jobId, 3)).done).toEqual({ not_processed: [[7, 'CLAIM-7']] });
  });
});

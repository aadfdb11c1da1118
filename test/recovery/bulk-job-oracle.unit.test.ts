import { describe, expect, it } from 'vitest';
import { bulkJobClaims, bulkJobInvariants } from './support/bulk-job-oracle.js';

/**
 * The crash-point harness's rules for a bulk job, on hand-made tables: a finished job of two
 * chunks (lines 1-2 and line 3) keeps them all; each broken rule is named.
 */
const JOB = 'job-1';
const counts = (imported: number, failed: number, notProcessed = 0) => ({
  imported,
  partial: 0,
  failed,
  not_processed: notProcessed,
});

function finishedJob(): Record<string, unknown>[] {
  const chunk = (n: number) => `BULKJOB#${JOB}#CHUNK#${String(n).padStart(8, '0')}`;
  return [
    {
      pk: `BULKJOB#${JOB}`,
      sk: 'JOB',
      state: 'COMPLETE',
      finished_at: '2026-11-26T10:00:00Z',
      results_written: true,
      lines_total: 3,
      chunks_total: 2,
      final_counts: counts(2, 1),
    },
    { pk: chunk(0), sk: 'LINE#000000000001', line_status: 'IMPORTED' },
    { pk: chunk(0), sk: 'LINE#000000000002', line_status: 'IMPORTED' },
    { pk: chunk(0), sk: 'DONE', counts: counts(2, 0), not_processed: [] },
    { pk: chunk(1), sk: 'LINE#000000000003', line_status: 'FAILED' },
    { pk: chunk(1), sk: 'DONE', counts: counts(0, 1), not_processed: [] },
    { pk: `BULKJOB#${JOB}#COUNTER#0000`, sk: 'COUNTER', chunks_done: 1, ...counts(2, 0) },
    { pk: `BULKJOB#${JOB}#COUNTER#0001`, sk: 'COUNTER', chunks_done: 1, ...counts(0, 1) },
  ];
}

const replace = (items: Record<string, unknown>[], pk: string, sk: string, fields: Record<string, unknown>) =>
  items.map((item) => (String(item.pk).endsWith(pk) && item.sk === sk ? { ...item, ...fields } : item));

describe('a bulk job’s counts equal a recount of its lines, each line ended once', () => {
  it('a finished job whose every count matches its lines breaks no rule', () => {
    expect(bulkJobInvariants(finishedJob())).toEqual([]);
  });

  it('a chunk added to its counter shard twice (a count not atomic with its DONE item) is reported', () => {
    // Prepare
    const items = replace(finishedJob(), '#COUNTER#0000', 'COUNTER', { chunks_done: 2, ...counts(4, 0) });

    // Act
    const problems = bulkJobInvariants(items);

    // Assess
    expect(problems).toEqual([
      'bulk job counter shards imported 4, recount 2',
      'bulk job counter shards chunks_done 3, recount 2',
    ]);
  });

  it('a chunk counted with counts its lines do not give is reported', () => {
    const items = replace(finishedJob(), 'CHUNK#00000001', 'DONE', { counts: counts(1, 0) });

    expect(bulkJobInvariants(items)).toContain('bulk job chunk 00000001 counted imported 1, recount 0');
  });

  it('a finished job with a chunk never counted is reported', () => {
    const items = finishedJob().filter(
      (item) => !(String(item.pk).endsWith('CHUNK#00000001') && item.sk === 'DONE'),
    );

    expect(bulkJobInvariants(items)).toEqual(
      expect.arrayContaining([
        'bulk job final_counts failed 1, recount 0',
        'finished bulk job: 1 chunks counted of 2',
      ]),
    );
  });

  it('a finished job with a line that never ended is reported', () => {
    const items = finishedJob().filter((item) => item.sk !== 'LINE#000000000003');

    expect(bulkJobInvariants(items)).toEqual(
      expect.arrayContaining([
        'bulk job chunk 00000001 counted failed 1, recount 0',
        'finished bulk job: 2 lines ended of 3',
      ]),
    );
  });

  it('a line both ended and left NOT_PROCESSED is reported', () => {
    const items = replace(finishedJob(), 'CHUNK#00000001', 'DONE', { not_processed: [[3, 'EXT-3']] });

    expect(bulkJobInvariants(items)).toContain('bulk job line 3 ended 2 times');
  });
});

describe('no bulk job claim is held after recovery, none beyond its holder’s lifetime', () => {
  it('a line claim and the read claim still held are reported, with their expiries', () => {
    // Prepare
    const items = replace(
      replace(finishedJob(), 'CHUNK#00000000', 'LINE#000000000002', {
        claim_holder: 'worker-a',
        claim_expires_at: '2026-11-26T10:00:05Z',
      }),
      JOB,
      'JOB',
      { reader_holder: 'reader-a', reader_expires_at: '2026-11-26T10:00:07Z' },
    );

    // Act
    const problems = bulkJobInvariants(items);
    const claims = bulkJobClaims(items, JOB);

    // Assess
    expect(problems).toEqual([
      'the bulk job read still claimed after recovery',
      'bulk job line LINE#000000000002 still claimed after recovery',
    ]);
    expect(claims).toEqual([
      { what: 'the bulk job read claim (JOB)', expiresAt: Date.parse('2026-11-26T10:00:07Z') },
      { what: 'the bulk job line claim (LINE#000000000002)', expiresAt: Date.parse('2026-11-26T10:00:05Z') },
    ]);
  });
});

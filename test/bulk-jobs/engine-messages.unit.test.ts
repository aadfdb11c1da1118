import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_SHARDS,
  chunkOf,
  chunksOfShard,
  counterShardOf,
  finishMessage,
  linesMessage,
  readBulkJobMessage,
  readMessage,
  readReadMessage,
} from '../../functions/rules/bulk-jobs/engine.js';

describe('a job’s chunks are counted on its shards', () => {
  it('every chunk has one shard, and each shard expects exactly the chunks counted on it', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), (chunks) => {
        // Act
        const expected = Array.from({ length: COUNTER_SHARDS }, (_, shard) => chunksOfShard(shard, chunks));
        const actual = Array.from({ length: COUNTER_SHARDS }, () => 0);
        for (let chunk = 0; chunk < chunks; chunk++) actual[counterShardOf(chunk)]! += 1;

        // Assess
        expect(expected).toEqual(actual);
      }),
    );
  });
});

describe('the queues’ messages read back as they were sent', () => {
  it('lines, finish and read messages survive JSON; anything else is not a message', () => {
    // Prepare
    const chunk = { chunk: 7, lines: [{ line: 3, offset: 120, length: 55 }] };
    const job = '5f0c3c0e-0000-4000-8000-000000000000';

    // Act
    const lines = readBulkJobMessage(JSON.stringify(linesMessage(job, chunk)));
    const finish = readBulkJobMessage(JSON.stringify(finishMessage(job)));
    const read = readReadMessage(JSON.stringify(readMessage(job, 'resend', 2)));

    // Assess
    expect(lines && lines.kind === 'lines' ? chunkOf(lines) : undefined).toEqual(chunk);
    expect(finish).toEqual({ kind: 'finish', job_id: job });
    expect(read).toEqual({ kind: 'read', job_id: job, mode: 'resend', waits: 2 });
    for (const body of [
      '',
      'null',
      '{}',
      '{"kind":"lines","job_id":"x","chunk":-1,"lines":[]}',
      '{"kind":"read","job_id":"x","mode":"all"}',
    ]) {
      expect(readBulkJobMessage(body) ?? readReadMessage(body), body).toBeUndefined();
    }
  });
});

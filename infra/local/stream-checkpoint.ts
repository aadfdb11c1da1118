import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The stream poller's saved position: for each shard of one stream, the sequence number of the
 * last record handled. Written to a temporary file and renamed over the old one, so a process
 * killed mid-write leaves the previous checkpoint, never a torn one.
 */
export interface Checkpoint {
  streamArn: string;
  shards: Record<string, string>;
}

/** The saved positions for this stream; none when the file is missing, unreadable or of another stream. */
export function readCheckpoint(file: string, streamArn: string): Checkpoint {
  const empty: Checkpoint = { streamArn, shards: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return empty;
  }
  const candidate = parsed as Partial<Checkpoint> | null;
  if (candidate?.streamArn !== streamArn || typeof candidate.shards !== 'object' || !candidate.shards) {
    return empty; // a table created anew has a new stream: every shard starts from its oldest record
  }
  const shards = Object.fromEntries(
    Object.entries(candidate.shards).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return { streamArn, shards };
}

export function writeCheckpoint(file: string, checkpoint: Checkpoint): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(checkpoint));
  renameSync(temporary, file);
}

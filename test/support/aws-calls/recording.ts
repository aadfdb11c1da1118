import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Where each process of a test run writes the AWS calls its functions made (./recorder.ts). */
export const RECORDINGS_DIR = '.local/aws-calls';

/** One kind of call a function made: what IAM authorizes, and how often it was made. */
export interface RecordedCall {
  /** The function (`functions/handlers/<id>.ts`). */
  functionId: string;
  /** The SDK operation (`TransactWriteItems`, `HeadObject`). */
  operation: string;
  /** The IAM action it is authorized as (`dynamodb:PutItem`). */
  action: string;
  /**
   * The resource, named by the environment variable that gave it to the function and the part
   * within it (`DATA_IMPORT_TABLE_NAME/index/gsi1`, `DATA_IMPORT_BUCKET_NAME/<key>`); a local
   * ARN when no variable names it.
   */
  resource: string;
  count: number;
}

/** What one process recorded, and the test files it ran (the runtime's process ran none). */
export interface Recording {
  testFiles: string[];
  calls: RecordedCall[];
}

/** Forgets the recordings of an earlier run (the global setup, before the runtime starts). */
export function clearRecordings(root = process.cwd()): void {
  rmSync(path.resolve(root, RECORDINGS_DIR), { recursive: true, force: true });
}

/** Every process's recording of the last run, merged. */
export function readRecordings(root = process.cwd()): Recording {
  const directory = path.resolve(root, RECORDINGS_DIR);
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch {
    return { testFiles: [], calls: [] };
  }
  const recordings = names.map(
    (name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as Recording,
  );
  return {
    testFiles: [...new Set(recordings.flatMap((r) => r.testFiles))].sort(),
    calls: recordings.flatMap((r) => r.calls),
  };
}

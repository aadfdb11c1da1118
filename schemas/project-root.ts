import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root directory. A module of its own so that code needing only the path (tests
 * reading schema files) does not load the generators and their dependencies (seconds).
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

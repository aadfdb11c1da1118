import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRINTED_VARIABLES } from '../../../infra/local/printed-variables.js';
import { projectRoot, untrackedFiles } from './project-files.js';
import { curlCalls, type ShellBlock } from './shell-blocks.js';

/**
 * Runs the shell blocks of one page as a reader would, in one bash session (a variable set in
 * one block is there in the next), against the shared test runtime. What differs from a
 * reader's terminal, and why:
 *
 * - The working directory is a fresh one that links every entry of the project (as a clone
 *   with `npm ci` done), so `.etl/`, `.local/` and the files a page writes are the page's own.
 * - The environment is a fresh login's: PATH, HOME and the locale, nothing of the test run's.
 *   `AWS_CONFIG_FILE` and `AWS_SHARED_CREDENTIALS_FILE` point nowhere, so the AWS CLI uses only
 *   what the page exports.
 * - `npm start`: the test runtime is already running, so `npm start` prints its lines (the
 *   `NAME=value` lines npm start prints, `PID` being the page's shell) and `ready`, and returns;
 *   like the runtime, it creates `.local/events.jsonl` (the test runtime's events file). A page
 *   that does not run `npm start` itself asks the reader to run it in another terminal, as
 *   `mkdir -p .local && npm start | tee .local/start.log`: for such a page `.local/start.log`
 *   holds those lines and `.local/events.jsonl` is there before it starts. A page that runs
 *   `npm start` finds no `.local/` (a fresh clone has none), so it must create it. `npm ci`,
 *   `npm install` and the like are refused (the page's node_modules is the project's): a block
 *   that installs is marked. Any other npm command runs for real.
 * - `http://127.0.0.1:3000` in a block is the test runtime's URL (it listens on a free port).
 * - `aws`: when the AWS CLI is not installed, `test/docs/support/aws-stand-in.ts` runs instead,
 *   with the same arguments, for the two commands the docs use (`events put-events`, `s3 cp`).
 * - Every `curl` of a block runs as `__curl <where>`, which also writes the response headers
 *   to a file, so the runner knows which status each curl of the page got. The runner's own
 *   files are in a directory of their own, outside the page's working directory.
 * - After the page, `leftBehind` lists what it wrote outside the directories git ignores: in its
 *   working directory, and through the links into the project. A page leaves nothing there.
 */
export interface PageRun {
  code: number | null;
  output: string;
  /**
   * The status each curl of the page got, by `<block line>:<line in block>`: its last call's
   * (`undefined`: it ran but got no answer; absent: it never ran).
   */
  statuses: Map<string, number | undefined>;
  /** The line of the block that was running when the page stopped. */
  lastBlock?: number;
  /**
   * Files and directories the page left that git would not ignore: new entries of its working
   * directory (`account.json`), and files new in the project since the page started (written
   * through a link). Empty when the page keeps its scratch files under `.local/`.
   */
  leftBehind: string[];
}

const DEFAULT_URL = 'http://127.0.0.1:3000';
const tsx = pathToFileURL(createRequire(path.join(projectRoot, 'package.json')).resolve('tsx')).href;

/** The project's entries a page's working directory links: all but `.git`, `.etl` and `.local`. */
const linkedEntries = () =>
  readdirSync(projectRoot).filter((entry) => !['.git', '.etl', '.local'].includes(entry));

/** A fresh directory that links every entry of the project but `.git`, `.etl` and `.local`. */
function workspace(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-runner-'));
  for (const entry of linkedEntries()) symlinkSync(path.join(projectRoot, entry), path.join(dir, entry));
  return dir;
}

/** A page that runs `npm start` itself (not in a comment), rather than in another terminal. */
const startsTheRuntime = (blocks: readonly ShellBlock[]) =>
  blocks.some((block) => /^[^#\n]*\bnpm start\b/m.test(block.text));

/** What `mkdir -p .local && npm start | tee .local/start.log` in another terminal leaves. */
function startedInAnotherTerminal(cwd: string, runtime: NodeJS.ProcessEnv): void {
  mkdirSync(path.join(cwd, '.local'));
  symlinkSync(runtime.DATA_IMPORT_EVENTS_FILE as string, path.join(cwd, '.local', 'events.jsonl'));
  writeFileSync(path.join(cwd, '.local', 'start.log'), `${startLines(runtime)}ready\n`);
}

/** Of `names` (relative to the project's root), those git would not ignore. */
function notIgnored(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const ignored = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: projectRoot,
    input: names.join('\n'),
    encoding: 'utf8',
  }).stdout.split('\n');
  return names.filter((name) => !ignored.includes(name));
}

/** What the page wrote that git would not ignore (`PageRun.leftBehind`). */
function leftBehind(cwd: string, untrackedBefore: ReadonlySet<string>): string[] {
  const linked = new Set(linkedEntries());
  const written = readdirSync(cwd, { withFileTypes: true })
    .filter((entry) => !linked.has(entry.name))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  const throughLinks = untrackedFiles().filter((file) => !untrackedBefore.has(file));
  return [...notIgnored(written), ...throughLinks.map((file) => `${file} (in the project)`)];
}

/** What `npm start` prints, without `PID` and `ready` (the shell adds them). */
function startLines(runtime: NodeJS.ProcessEnv): string {
  return `${PRINTED_VARIABLES.map((name) => `${name}=${runtime[name]}`).join('\n')}\n`;
}

function prelude(runner: string, eventsFile: string): string {
  return `set -eo pipefail
__curl() { local at=$1; shift; command curl -D "${runner}/curl/$at@$(date +%s%N)" "$@"; }
__start() {
  mkdir -p .local; [ -e .local/events.jsonl ] || ln -s '${eventsFile}' .local/events.jsonl
  cat "${runner}/start-lines"; echo "PID=$$"; echo ready
}
npm() {
  if [ "$1" = start ]; then __start; return 0; fi
  case "$1" in ci | install | i | uninstall | update | prune | link)
    echo "doc-runner: npm $1 would change the project's node_modules: mark this block <!-- doc-runner: skip (reason) -->" >&2
    return 97 ;;
  esac
  command npm "$@"
}
if ! command -v aws >/dev/null; then
  aws() { command node --import '${tsx}' '${projectRoot}/test/docs/support/aws-stand-in.ts' "$@"; }
fi
__block() { printf '\\n@@doc-runner block %s@@\\n' "$1"; }
`;
}

/** The status each curl got (its last call's), from the header files `__curl` wrote. */
function curlStatuses(runner: string): Map<string, number | undefined> {
  const dir = path.join(runner, 'curl');
  const calls = readdirSync(dir)
    .map((name) => {
      const [at = '', time = '0'] = name.split('@');
      const statuses = [...readFileSync(path.join(dir, name), 'utf8').matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
      const last = statuses.at(-1)?.[1];
      return { at, time: BigInt(time), status: last ? Number(last) : undefined };
    })
    .sort((a, b) => (a.time < b.time ? -1 : 1));
  return new Map(calls.map((call) => [call.at, call.status]));
}

/** The block's text with each curl run through `__curl <block line>:<line>`. */
function instrumented(block: ShellBlock): string {
  let text = block.text;
  for (const call of curlCalls(block.text).reverse()) {
    text = `${text.slice(0, call.offset)}__curl ${block.line}:${call.line}${text.slice(call.offset + 4)}`;
  }
  return text;
}

export async function runPage(blocks: readonly ShellBlock[], runtime: NodeJS.ProcessEnv): Promise<PageRun> {
  const untrackedBefore = new Set(untrackedFiles());
  const cwd = workspace();
  const runner = mkdtempSync(path.join(tmpdir(), 'doc-runner-own-'));
  mkdirSync(path.join(runner, 'curl'));
  writeFileSync(path.join(runner, 'start-lines'), startLines(runtime));
  if (!startsTheRuntime(blocks)) startedInAnotherTerminal(cwd, runtime);
  const url = runtime.DATA_IMPORT_URL as string;
  const script = [
    prelude(runner, runtime.DATA_IMPORT_EVENTS_FILE as string),
    ...blocks.map((block) => `__block ${block.line}\n${instrumented(block).replaceAll(DEFAULT_URL, url)}`),
    '__block end\n',
  ].join('\n');
  writeFileSync(path.join(runner, 'page.sh'), script);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG ?? 'C.UTF-8',
    ...(process.env.PYENV_ROOT ? { PYENV_ROOT: process.env.PYENV_ROOT } : {}),
    AWS_CONFIG_FILE: path.join(runner, 'no-aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(runner, 'no-aws-credentials'),
  };
  const child = spawn('bash', [path.join(runner, 'page.sh')], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
  const markers = [...output.matchAll(/@@doc-runner block (\w+)@@/g)].map((match) => match[1]);
  const last = markers.at(-1);
  return {
    code,
    output,
    statuses: curlStatuses(runner),
    leftBehind: leftBehind(cwd, untrackedBefore),
    ...(last && last !== 'end' ? { lastBlock: Number(last) } : {}),
  };
}

import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * vitest setupFiles for the `unit` project. A unit test needs no network and no Java, so a
 * socket it opens or listens on, or a process it starts that runs `java`, fails the test at
 * once with a message saying the file belongs in the integration project (named `*.test.ts`).
 */
const refuse = (what: string): never => {
  throw new Error(`a unit test ${what}: name the file *.test.ts so it runs in the integration project`);
};

net.Socket.prototype.connect = function connect() {
  return refuse('opened a network connection');
} as typeof net.Socket.prototype.connect;
net.Server.prototype.listen = function listen() {
  return refuse('listened on a port');
} as typeof net.Server.prototype.listen;

const mentionsJava = (value: unknown): boolean =>
  typeof value === 'string' ? /\bjava\b/.test(value) : Array.isArray(value) && value.some(mentionsJava);

type Launcher = (...args: unknown[]) => unknown;
const guarded = childProcess as unknown as Record<string, Launcher>;
// The unit project shares a worker's modules across files, and this file runs again before each
// one: the guards wrap the launchers Node had, kept from the first run, never a guard again.
const ORIGINALS = Symbol.for('data-import.no-network.launchers');
const store = globalThis as { [ORIGINALS]?: Record<string, Launcher> };
const launchers = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync'] as const;
store[ORIGINALS] ??= Object.fromEntries(launchers.map((name) => [name, guarded[name]!]));
for (const name of launchers) {
  const original = store[ORIGINALS][name]!;
  guarded[name] = (...args: unknown[]) =>
    mentionsJava(args[0]) || mentionsJava(args[1]) ? refuse('started Java') : original(...args);
}
syncBuiltinESMExports();

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

const guarded = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync'] as const) {
  const original = guarded[name] as (...args: unknown[]) => unknown;
  guarded[name] = (...args: unknown[]) =>
    mentionsJava(args[0]) || mentionsJava(args[1]) ? refuse('started Java') : original(...args);
}
syncBuiltinESMExports();

import { execFileSync, spawnSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

/**
 * The unit project's setup (test/support/no-network.ts) runs before every unit file, in workers
 * whose modules the files share (vitest.config.ts): whichever files ran before, a unit test still
 * cannot reach the network or start Java, and can still start other processes.
 */
describe('Rule: a unit test opens no socket and starts no Java, whatever ran before it in its worker', () => {
  it('opening a connection fails the test, naming the integration project', () => {
    // Act
    const connect = () => net.connect({ host: '127.0.0.1', port: 9 });

    // Assess
    expect(connect).toThrow('a unit test opened a network connection: name the file *.test.ts');
  });

  it('listening on a port fails the test', () => {
    // Prepare
    const server = net.createServer();

    // Act
    const listen = () => server.listen(0);

    // Assess
    expect(listen).toThrow('a unit test listened on a port');
  });

  it('starting java fails the test', () => {
    // Act
    const start = () => spawnSync('java', ['-version']);

    // Assess
    expect(start).toThrow('a unit test started Java');
  });

  it('a process that is not java runs, through one guard', () => {
    // Act
    const output = execFileSync(process.execPath, ['-e', 'process.stdout.write("ran")'], {
      encoding: 'utf8',
    });

    // Assess
    expect(output).toBe('ran');
  });
});

import { createServer } from 'node:net';

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** `port` when given and non-zero, else a free one. */
export async function portOrFree(port: number | undefined): Promise<number> {
  return port && port > 0 ? port : freePort();
}

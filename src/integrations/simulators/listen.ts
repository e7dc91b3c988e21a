import express, { type RequestHandler } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`: hand it to the real client as the provider's URL. */
  url: string;
  /** Closes the server and drops open connections at once. */
  close(): Promise<void>;
}

/** Serves a provider simulator (its Router) on a free 127.0.0.1 port, for tests. */
export async function listenOnLoopback(handler: RequestHandler): Promise<LoopbackServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(handler);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

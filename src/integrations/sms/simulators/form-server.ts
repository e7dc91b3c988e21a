import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A tiny local HTTP server answering form POSTs: the base of the provider simulators. */
export interface FormServer {
  url: string;
  close(): Promise<void>;
}

export async function startFormServer(
  handle: (path: string, form: URLSearchParams) => { status?: number; body: string },
): Promise<FormServer> {
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const form = new URLSearchParams(req.method === 'POST' ? body : url.search);
    const out = handle(url.pathname, form);
    res.writeHead(out.status ?? 200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(out.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

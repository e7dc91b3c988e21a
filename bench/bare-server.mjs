// A bare node:http server that answers recorded answers byte for byte: the ceiling the read path
// is measured against (bench/reads.mjs). `node bench/bare-server.mjs <port, 0 for any free one> <answers.json>`, where
// the file holds [{ method, path, status, headers: [[name, value], …], body: base64 }]. A request
// for a recorded method and path (query ignored) gets that status, those headers and that body
// (its request body read first, as any server must); anything else 404. Prints `ready <port>` once listening.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, file] = process.argv.slice(2);
const answers = new Map();
for (const a of JSON.parse(readFileSync(file, 'utf8'))) {
  const body = Buffer.from(a.body, 'base64');
  answers.set(`${a.method} ${a.path}`, { status: a.status, headers: [...a.headers.flat(), 'Content-Length', String(body.length)], body });
}

const server = createServer((req, res) => {
  const q = req.url.indexOf('?');
  const a = answers.get(`${req.method} ${q < 0 ? req.url : req.url.slice(0, q)}`);
  const send = () => {
    if (!a) {
      res.writeHead(404, { 'Content-Length': '0' });
      return res.end();
    }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  };
  if (req.method === 'GET' || req.method === 'HEAD') send();
  else {
    req.on('data', () => {});
    req.on('end', send);
  }
});
// As the shop's web process (src/main.ts): idle keep-alive connections kept 65 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`ready ${server.address().port}\n`));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});

/**
 * Just enough MIME to read what our mail drivers send (tests and the SMTP capture):
 * headers with RFC 2047 encoded words, multipart bodies, base64 / quoted-printable parts.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text?: string;
  html?: string;
}

interface Part {
  headers: Map<string, string>;
  body: string; // latin1: one char per byte
}

export function parseMail(raw: Buffer): ParsedMail {
  const root = splitPart(raw.toString('latin1'));
  const out: ParsedMail = { headers: decodeHeaders(root.headers), subject: '' };
  out.subject = out.headers.get('subject') ?? '';
  collectBodies(root, out);
  return out;
}

function splitPart(source: string): Part {
  const at = source.search(/\r?\n\r?\n/);
  const head = at < 0 ? source : source.slice(0, at);
  const body = at < 0 ? '' : source.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeHeaders(headers: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of headers) out.set(k, decodeWords(Buffer.from(v, 'latin1').toString('utf8')));
  return out;
}

/** RFC 2047 `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=`; whitespace between adjacent words is dropped. */
export function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    return qpBytes(data.replace(/_/g, ' ')).toString('utf8');
  });
}

function qpBytes(data: string): Buffer {
  const bytes: number[] = [];
  const s = data.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(s.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : undefined;
}

function collectBodies(part: Part, out: ParsedMail): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0].trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      collectBodies(splitPart(chunk.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = part.body.replace(/\r?\n$/, '');
  const bytes = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? qpBytes(body) : Buffer.from(body, 'latin1');
  // Line breaks travel as CRLF on the wire; hand them back as the sender wrote them.
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n');
  if (mime === 'text/html' && out.html === undefined) out.html = text;
  else if (mime === 'text/plain' && out.text === undefined) out.text = text;
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, ParsedMail } from './mime-parse';

/** A message as a real SMTP server received it. */
export interface CapturedMail extends ParsedMail {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  from: string;
  to: string[];
  /** Authenticated user, when the client logged in. */
  user?: string;
  raw: Buffer;
}

export interface SmtpCapture {
  /** `smtp://user:pass@127.0.0.1:<port>` to hand to the app as SMTP_URL. */
  url: string;
  received: CapturedMail[];
  /** Rejects the next message with this SMTP reply code (e.g. 451 temporary, 550 permanent). */
  failNext(code: number): void;
  /** Resolves once `count` messages have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

/**
 * A local SMTP server on a free port that keeps what it receives: the "real mailbox"
 * of the mail tests. Plain SMTP with AUTH (no STARTTLS: its built-in certificate is
 * self-signed), credentials checked so the driver's URL parsing is exercised.
 */
export interface SmtpCaptureOptions {
  /** Listen on this port (a restarted "mail server" keeps its address); default: a free one. */
  port?: number;
  /**
   * Keep each message's final reply back this long (ms) after its data arrived: the message is
   * recorded as received, but the client is still waiting — a sender killed then has handed
   * over a message it never saw accepted.
   */
  holdMs?: number;
}

export async function startSmtpCapture(
  credentials = { user: 'shop', pass: 'p@ss word' },
  options: SmtpCaptureOptions = {},
): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let failCode: number | undefined;

  const server = new SMTPServer({
    logger: false,
    // No reverse DNS of the client per connection (a sandbox without DNS waits for its timeout).
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failCode !== undefined) {
          const responseCode = failCode;
          failCode = undefined;
          callback(Object.assign(new Error(`Simulated failure ${responseCode}`), { responseCode }));
          return;
        }
        const raw = Buffer.concat(chunks);
        received.push({
          ...parseMail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw,
        });
        for (const w of [...waiters]) w();
        if (options.holdMs) setTimeout(() => callback(), options.holdMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  // A client that goes away mid-session (a sender killed with -9) resets its connection: smtp-server
  // reports that as an 'error' event, which with no listener would throw in whoever runs the capture.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  const auth = `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}`;

  return {
    url: `smtp://${auth}@127.0.0.1:${port}`,
    received,
    failNext(code: number) {
      failCode = code;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} message(s), got ${received.length} after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Drop open client connections too: a stopped mail server must look stopped at once.
        for (const conn of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) conn.close();
        server.close(() => resolve());
      }),
  };
}

import { postForm, SmsError, SmsSender } from './sms-sender';

export interface MitakeOptions {
  apiUrl: string;
  username: string;
  password: string;
}

/** Mitake statuscodes that mean the message was accepted (0 scheduled, 1/2 sent, 4 delivered). */
const ACCEPTED = new Set(['0', '1', '2', '4']);
/** Codes worth another try later (system busy / temporary). */
const RETRYABLE = new Set(['*', 't', 'u']);

/**
 * Mitake (三竹) HTTP API: form POST `username, password, dstaddr, smbody` to SmSend;
 * the reply is INI-like: `[1]`, `msgid=…`, `statuscode=…`, `AccountPoint=…`.
 */
export class MitakeSmsSender implements SmsSender {
  readonly name = 'mitake';

  constructor(private readonly options: MitakeOptions) {}

  async send(to: string, body: string): Promise<{ messageId: string }> {
    const text = await postForm(this.options.apiUrl, {
      username: this.options.username,
      password: this.options.password,
      dstaddr: to,
      smbody: body,
    });
    const reply = parseMitakeReply(text);
    const status = reply.statuscode ?? '';
    if (!ACCEPTED.has(status) || !reply.msgid) {
      throw new SmsError(`Mitake refused the message (statuscode=${status || 'none'}${reply.Error ? `, ${reply.Error}` : ''})`, RETRYABLE.has(status));
    }
    return { messageId: reply.msgid };
  }
}

/** Parses the first `[n]` block of a Mitake reply into key/value pairs. */
export function parseMitakeReply(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (/^\[\d+\]$/.test(line)) {
      if (Object.keys(out).length) break;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

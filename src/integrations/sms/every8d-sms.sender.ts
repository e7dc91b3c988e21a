import { postForm, SmsError, SmsSender } from './sms-sender';

export interface Every8dOptions {
  apiUrl: string;
  uid: string;
  pwd: string;
  /** Subject shown only in the Every8d console (SB). */
  subject?: string;
}

/**
 * Every8d (互動資通) HTTP API: form POST `UID, PWD, SB, MSG, DEST`; the reply is
 * `CREDIT,SENDED,COST,UNSEND,BATCH_ID`, where a negative CREDIT is an error code.
 */
export class Every8dSmsSender implements SmsSender {
  readonly name = 'every8d';

  constructor(private readonly options: Every8dOptions) {}

  async send(to: string, body: string): Promise<{ messageId: string }> {
    const text = await postForm(this.options.apiUrl, {
      UID: this.options.uid,
      PWD: this.options.pwd,
      SB: this.options.subject ?? '',
      MSG: body,
      DEST: to,
      ST: '',
    });
    const reply = parseEvery8dReply(text);
    if (reply.credit < 0) {
      // -99: system busy / unknown → retry; other negative codes are request errors.
      throw new SmsError(`Every8d refused the message (code ${reply.credit}${reply.error ? `: ${reply.error}` : ''})`, reply.credit === -99);
    }
    if (reply.sended < 1 || !reply.batchId) throw new SmsError(`Every8d sent nothing (unsend ${reply.unsend})`, false);
    return { messageId: reply.batchId };
  }
}

export interface Every8dReply {
  credit: number;
  sended: number;
  cost: number;
  unsend: number;
  batchId: string;
  error?: string;
}

export function parseEvery8dReply(text: string): Every8dReply {
  const parts = text.trim().split(',');
  const credit = Number(parts[0]);
  if (!Number.isFinite(credit)) throw new SmsError(`Every8d reply not understood: ${text.slice(0, 80)}`, true);
  if (credit < 0) return { credit, sended: 0, cost: 0, unsend: 0, batchId: '', error: parts.slice(1).join(',').trim() };
  return { credit, sended: Number(parts[1]), cost: Number(parts[2]), unsend: Number(parts[3]), batchId: (parts[4] ?? '').trim() };
}

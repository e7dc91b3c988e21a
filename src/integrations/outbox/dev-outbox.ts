/**
 * The embedded default's "mailbox": SMS and e-mail that the log drivers would have
 * sent, kept in memory (last 200) so a developer can read a code without a provider.
 * Never used by the real drivers; the outbox page is off in production.
 */
export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}

const LIMIT = 200;

export class DevOutbox {
  private seq = 0;
  private readonly messages: OutboxMessage[] = [];

  add(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage {
    const m = { ...message, id: ++this.seq, sentAt: new Date().toISOString() };
    this.messages.unshift(m);
    if (this.messages.length > LIMIT) this.messages.length = LIMIT;
    return m;
  }

  list(channel?: OutboxMessage['channel']): OutboxMessage[] {
    return channel ? this.messages.filter((m) => m.channel === channel) : [...this.messages];
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/** Masks a phone number or e-mail for logs: 0912***678, j***@example.com. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return to.length > 6 ? `${to.slice(0, 4)}***${to.slice(-3)}` : '***';
}

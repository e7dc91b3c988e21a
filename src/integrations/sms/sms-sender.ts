/** One SMS provider. Implementations: log (embedded default), Mitake, Every8d. */
export interface SmsSender {
  readonly name: string;
  /** Sends `body` to a Taiwan mobile number `to` (09xxxxxxxx). Throws SmsError on failure. */
  send(to: string, body: string): Promise<{ messageId: string }>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');

/** A provider refused or failed. `retryable` tells the job whether another attempt may succeed. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** Posts a form and returns the body text; network failures and 5xx are retryable. */
export async function postForm(url: string, form: Record<string, string>, timeoutMs = 10000): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new SmsError(`SMS provider unreachable: ${(err as Error).message}`, true);
  }
  const text = await res.text();
  if (res.status >= 500) throw new SmsError(`SMS provider answered HTTP ${res.status}`, true);
  if (!res.ok) throw new SmsError(`SMS provider answered HTTP ${res.status}`, false);
  return text;
}

import { expect, type APIRequestContext } from '@playwright/test';

/** A message of the server's dev outbox (the log drivers of SMS and mail). */
export interface OutboxMessage {
  id: number;
  to: string;
  body: string;
}

/** The newest SMS code sent to `phone` after message `afterId` (the job runs in the background, so poll). */
export async function smsCode(request: APIRequestContext, phone: string, afterId = 0): Promise<{ code: string; id: number }> {
  let found: { code: string; id: number } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox?channel=sms');
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        const m = messages.find((x) => x.to === phone && x.id > afterId && /\d{6}/.test(x.body));
        found = m && { code: /(\d{6})/.exec(m.body)![1], id: m.id };
        return found?.code ?? '';
      },
      { timeout: 15_000, message: `an SMS code for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return found!;
}

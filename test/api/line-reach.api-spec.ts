import request from 'supertest';
import { DataSource } from 'typeorm';
import { REACH_MSG } from '../../src/common/validation/reach-rules';
import { lineSignature } from '../../src/integrations/line-messaging/line-signature';
import { SIMULATOR_LINE_CHANNEL_SECRET } from '../../src/integrations/line-messaging/line-messaging-config';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { JobName, QueueName, type JobOf } from '../../src/jobs/job-types';
import { BrowserSession, isolatedEnv, lastCode, outboxFor, randomPhone } from '../../src/modules/auth/testing/browser-session';
import { LocalOAuthProvider } from '../../src/modules/auth/testing/oauth-provider';
import { LinePushProcessor } from '../../src/modules/preferences/line-push.processor';
import { MemberNotices } from '../../src/modules/member-notices/member-notices.service';
import { MemberReach } from '../../src/modules/preferences/member-reach.service';
import type { PayuniGateway } from '../../src/integrations/payuni/payuni-gateway';
import { PAYUNI_GATEWAY } from '../../src/integrations/providers/provider-tokens';
import { adminSession } from '../helpers/admin';
import { jobsIdle, shopper, variants, type Shopper } from './checkout-fixtures';
import { OrderMaker } from './refund-fixtures';
import { codOrder } from './points-fixtures';
import { reservePort } from '../helpers/processes';
import { createTestApp, FAST_RETRIES, type TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(90_000);

/**
 * Issue 22 §1–§2 on the real app (its embedded LINE Messaging API simulator, LINE Login at a local
 * OIDC provider, SMS through the log driver's dev outbox): preferences and consent records, the
 * unsubscribe link, the webhook's signature, follow / unfollow, binding LINE, order news on LINE and
 * the fallback to SMS, retry-key idempotency, registration consent.
 */
describe('reaching members: preferences, consent, LINE', () => {
  let t: TestApp;
  let ds: DataSource;
  let line: NonNullable<EmbeddedSimulators['line']>;
  const provider = new LocalOAuthProvider({
    google: { clientId: 'google-client', clientSecret: 'google-secret' },
    facebook: { appId: 'fb-app', appSecret: 'fb-secret', graphVersion: 'v23.0' },
    line: { channelId: '1650000001', channelSecret: 'line-login-channel-secret-0123456789' },
  });

  beforeAll(async () => {
    await provider.start();
    const reserved = await reservePort();
    const port = reserved.port;
    const origin = `http://127.0.0.1:${port}`;
    t = await createTestApp(isolatedEnv({ PUBLIC_URL: origin, PORT: String(port), CHECKOUT_RATE_LIMIT: '1000', ...FAST_RETRIES, ...provider.env() }));
    await reserved.listen(t.app.getHttpServer());
    ds = t.app.get(DataSource);
    line = (t.app.get(SIMULATORS) as EmbeddedSimulators).line!;
    // LINE sends the shop a follow webhook when someone befriends the Official Account at login
    // (here through the simulator's page form, as a browser test with the shop in another process does).
    provider.connectMessagingAt(origin);
  });
  afterAll(async () => {
    await t?.close();
    await provider.stop();
  });

  const lineId = () => `U${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const consents = (userId: number): Promise<{ purpose: string; granted: number; value: string; source: string }[]> =>
    ds.query('SELECT purpose, granted, value, source FROM consent_records WHERE user_id = ? ORDER BY id', [userId]);
  const put = async (b: BrowserSession, body: object) => {
    const token = await b.csrfToken();
    return b.agent.put('/api/member/preferences').set('X-Forwarded-For', b.ip).set('X-CSRF-Token', token).send(body);
  };
  const friendRow = async (id: string): Promise<number | null> => {
    const [row] = (await ds.query('SELECT friend FROM line_friends WHERE line_user_id = ?', [id])) as { friend: number }[];
    return row ? Number(row.friend) : null;
  };

  /** 綁定 LINE in the browser: bind URL → LINE Login (bot_prompt=normal, befriends) → callback. Answers where it lands. */
  async function bindLine(s: Shopper, sub: string): Promise<string> {
    provider.nextUser('line', { sub, name: 'LINE 小明' });
    const started = await s.b.get('/api/member/line/bind').expect(200);
    const authorize = new URL(started.body.url as string);
    expect(authorize.searchParams.get('bot_prompt')).toBe('normal');
    const atLine = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(atLine.headers.get('location') as string);
    const done = await s.b.get(back.pathname + back.search).expect(302);
    return done.headers.location as string;
  }

  it('preferences: defaults, the spec messages, and a consent row per change (source profile)', async () => {
    const s = await shopper(t);
    const first = await s.b.get('/api/member/preferences').expect(200);
    expect(first.body).toEqual({
      success: true,
      preferences: {
        notify_channel: 'sms',
        marketing_email: 0,
        marketing_line: 0,
        marketing_email_at: null,
        marketing_line_at: null,
        line_user_id: null,
        line_friend: 0,
        has_email: true,
      },
    });
    expect((await put(s.b, { notify_channel: 'line' })).body).toEqual({ success: false, message: REACH_MSG.lineNotBound });
    expect((await put(s.b, { marketing_line: 1 })).body).toEqual({ success: false, message: REACH_MSG.lineNotBound });
    expect((await put(s.b, { notify_channel: 'fax' })).body).toMatchObject({ success: false, message: REACH_MSG.badChannel });
    expect((await put(s.b, { notify_channel: 'email', user_id: 1 })).status).toBe(400);

    const saved = await put(s.b, { notify_channel: 'email', marketing_email: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: REACH_MSG.preferencesSaved, preferences: { notify_channel: 'email', marketing_email: 1, marketing_line: 0 } });
    expect(Date.parse(saved.body.preferences.marketing_email_at)).toBeGreaterThan(Date.now() - 60_000);
    // The same values again change nothing and add no rows.
    expect((await put(s.b, { notify_channel: 'email', marketing_email: 1 })).status).toBe(200);
    expect(await consents(s.userId)).toEqual([
      { purpose: 'notify_channel', granted: 1, value: 'email', source: 'profile' },
      { purpose: 'marketing_email', granted: 1, value: '', source: 'profile' },
    ]);
    await put(s.b, { marketing_email: 0 });
    expect((await consents(s.userId)).at(-1)).toEqual({ purpose: 'marketing_email', granted: 0, value: '', source: 'profile' });

    // A member without an e-mail can't choose Email.
    const noMail = await shopper(t, { complete: false });
    expect((await put(noMail.b, { notify_channel: 'email' })).body).toEqual({ success: false, message: REACH_MSG.emailMissing });
    expect((await put(noMail.b, { marketing_email: 1 })).body).toEqual({ success: false, message: REACH_MSG.emailMissing });
    // Logged out: 401.
    expect((await request(t.http).get('/api/member/preferences')).status).toBe(401);
  });

  it('registration: the unticked box records no consent; ticked, marketing e-mail and LINE with source register', async () => {
    async function register(consent?: 0 | 1): Promise<number> {
      const b = new BrowserSession(request.agent(t.http));
      const phone = randomPhone();
      expect((await b.post('/api/phone/sendcode', { type: 'register', phone })).status).toBe(200);
      expect((await b.post('/api/phone/verifycode', { phone, code: await lastCode(t.app, phone) })).status).toBe(200);
      const res = await b.post('/api/user/register', { phone, password: 'secret1', ...(consent === undefined ? {} : { marketing_consent: consent }) });
      expect(res.status).toBe(200);
      const userId = res.body.user.user_id as number;
      const prefs = (await b.get('/api/member/preferences').expect(200)).body.preferences;
      expect(prefs).toMatchObject({ marketing_email: consent ? 1 : 0, marketing_line: consent ? 1 : 0 });
      return userId;
    }
    expect(await consents(await register())).toEqual([]);
    expect(await consents(await register(0))).toEqual([]);
    expect(await consents(await register(1))).toEqual([
      { purpose: 'marketing_email', granted: 1, value: '', source: 'register' },
      { purpose: 'marketing_line', granted: 1, value: '', source: 'register' },
    ]);
  });

  it('unsubscribe link: no login, works many times, records one change; a bad token is refused', async () => {
    const s = await shopper(t);
    await put(s.b, { marketing_email: 1 });
    const url = new URL(t.app.get(MemberReach, { strict: false }).unsubscribeUrl(s.userId, 'email'));
    expect(url.pathname).toMatch(/^\/unsubscribe\/\d+\.e\.[A-Za-z0-9_-]{32}$/);
    const api = `/api${url.pathname}`;
    const visitor = new BrowserSession(request.agent(t.http));
    expect((await visitor.get(api).expect(200)).body).toEqual({ success: true, channel: 'email', done: false });
    expect((await visitor.post(api)).body).toEqual({ success: true, message: REACH_MSG.unsubscribed, channel: 'email', done: true });
    expect((await visitor.post(api)).body).toEqual({ success: true, message: REACH_MSG.unsubscribed, channel: 'email', done: true });
    // A mail client's one-click POST (RFC 8058): a form body, no session, no CSRF token.
    expect((await request(t.http).post(api).type('form').send('List-Unsubscribe=One-Click')).status).toBe(200);
    expect((await visitor.get(api).expect(200)).body).toEqual({ success: true, channel: 'email', done: true });
    expect((await s.b.get('/api/member/preferences')).body.preferences.marketing_email).toBe(0);
    expect((await consents(s.userId)).filter((c) => c.source === 'unsubscribe')).toEqual([{ purpose: 'marketing_email', granted: 0, value: '', source: 'unsubscribe' }]);

    const tampered = api.replace(/\.e\./, '.l.');
    const other = api.replace(/\/(\d+)\./, (_m, id: string) => `/${Number(id) + 1}.`);
    for (const bad of [tampered, other, '/api/unsubscribe/nonsense']) {
      expect((await request(t.http).post(bad)).body).toEqual({ success: false, message: REACH_MSG.unsubscribeInvalid });
      expect((await request(t.http).get(bad)).status).toBe(404);
    }
  });

  it('webhook: a bad or missing signature is refused and changes nothing; a signed follow / unfollow is applied', async () => {
    const id = lineId();
    const body = JSON.stringify({ destination: 'Ubot', events: [{ type: 'follow', timestamp: Date.now(), source: { type: 'user', userId: id }, mode: 'active' }] });
    const send = (signature?: string, raw = body) => {
      const req = request(t.http).post('/api/line/webhook').set('Content-Type', 'application/json');
      return (signature === undefined ? req : req.set('X-Line-Signature', signature)).send(raw);
    };
    expect((await send()).status).toBe(401);
    expect((await send(lineSignature('another-secret', body))).status).toBe(401);
    // Signed, then altered: the signature covers the raw bytes.
    expect((await send(lineSignature(SIMULATOR_LINE_CHANNEL_SECRET, body), body.replace('follow', 'unfollow'))).status).toBe(401);
    expect(await friendRow(id)).toBeNull();

    expect((await send(lineSignature(SIMULATOR_LINE_CHANNEL_SECRET, body))).status).toBe(200);
    expect(await friendRow(id)).toBe(1);
    // LINE's "Verify" button: no events.
    const empty = JSON.stringify({ destination: 'Ubot', events: [] });
    expect((await send(lineSignature(SIMULATOR_LINE_CHANNEL_SECRET, empty), empty)).status).toBe(200);

    // From the simulator (its page's 封鎖 / 加入好友 buttons do the same).
    expect(await line.unfollow(id)).toBe(200);
    expect(await friendRow(id)).toBe(0);
    expect(await line.follow(id)).toBe(200);
    expect(await friendRow(id)).toBe(1);

    // The simulator's page on the shop: each LINE user with 封鎖 / 加入好友 (a person or a browser test befriends the shop there).
    const page = await request(t.http).get('/sim/line/').expect(200);
    expect(page.text).toContain(id);
    expect(page.text).toContain(`action="/sim/line/users/${id}/block"`);
    const blocked = await request(t.http).post(`/sim/line/users/${id}/block`).type('form').send('');
    expect(blocked.status).toBe(303);
    expect(await friendRow(id)).toBe(0);
    const added = lineId();
    expect((await request(t.http).post('/sim/line/users').type('form').send({ userId: added, displayName: '小美' })).status).toBe(303);
    expect(await friendRow(added)).toBe(1);
  });

  it('綁定 LINE: bot_prompt befriends, the preferences show it, a follow is a consent row; the same LINE for another member is refused', async () => {
    const s = await shopper(t);
    const sub = lineId();
    expect(await bindLine(s, sub)).toBe('/profile?line=bound');
    const prefs = (await s.b.get('/api/member/preferences').expect(200)).body.preferences;
    expect(prefs).toMatchObject({ line_user_id: sub, line_friend: 1 });
    expect(line.users.get(sub)?.friend).toBe(true);

    expect(await line.unfollow(sub)).toBe(200);
    expect((await s.b.get('/api/member/preferences')).body.preferences.line_friend).toBe(0);
    expect(await line.follow(sub)).toBe(200);
    expect((await consents(s.userId)).filter((c) => c.purpose === 'line_friend').map((c) => [c.granted, c.source])).toEqual([
      [0, 'line'],
      [1, 'line'],
    ]);

    const other = await shopper(t);
    expect(await bindLine(other, sub)).toBe('/profile?line=taken');
    expect((await other.b.get('/api/member/preferences')).body.preferences.line_user_id).toBeNull();

    // 解除綁定: a password member may.
    expect((await s.b.post('/api/member/line/unbind')).status).toBe(200);
    expect((await s.b.get('/api/member/preferences')).body.preferences).toMatchObject({ line_user_id: null, line_friend: 0 });
  });

  it('order news on LINE (the message arrives at the simulator), then by SMS after the member blocks the account', async () => {
    const s = await shopper(t);
    const sub = lineId();
    expect(await bindLine(s, sub)).toBe('/profile?line=bound');
    expect((await put(s.b, { notify_channel: 'line' })).body.preferences.notify_channel).toBe('line');
    const [v] = await variants(t.app, 1, 10);

    const order = await codOrder(s, [{ v, quantity: 1 }]);
    await jobsIdle(t.app);
    const [{ mer_trade_no: no }] = (await ds.query('SELECT mer_trade_no FROM orders WHERE id = ?', [order.id])) as { mer_trade_no: string }[];
    const got = line.received(sub);
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain(`訂單 ${no} 已成立`);
    expect(got[0].text).toContain(`/paymentSlip?MerTradeNo=${no}`);
    expect(got[0].retryKey).toMatch(/^[0-9a-f-]{36}$/);
    // No SMS for a LINE member while LINE works.
    expect((await outboxFor(t.app, s.phone)).filter((m) => m.body.includes(no))).toEqual([]);

    // The member blocks the shop: LINE sends unfollow; the next news goes by SMS.
    expect(await line.unfollow(sub)).toBe(200);
    expect((await s.b.post('/api/order/cancelOrder', { order_id: order.id })).status).toBe(200);
    await jobsIdle(t.app);
    expect(line.received(sub)).toHaveLength(1);
    const sms = (await outboxFor(t.app, s.phone)).filter((m) => m.body.includes(no));
    expect(sms.map((m) => m.body)).toEqual([expect.stringContaining(`訂單 ${no} 已取消`)]);

    // A push already queued when the block arrived: the processor sends its SMS fallback instead.
    const job: JobOf<'line.push'> = {
      id: 'line:test-fallback',
      name: JobName.LinePush,
      queue: QueueName.Line,
      data: { userId: s.userId, lineUserId: sub, text: 'LINE 測試', retryKey: crypto.randomUUID(), fallback: { phone: s.phone, text: '簡訊替代 測試' } },
      attempt: 1,
      maxAttempts: 5,
    };
    await t.app.get(LinePushProcessor, { strict: false }).push(job);
    expect((await outboxFor(t.app, s.phone)).some((m) => m.body === '簡訊替代 測試')).toBe(true);
    expect(line.received(sub)).toHaveLength(1);
  });

  it('members who keep SMS get the order news by SMS, and nothing on LINE', async () => {
    const s = await shopper(t);
    const [v] = await variants(t.app, 1, 10);
    const order = await codOrder(s, [{ v, quantity: 1 }]);
    await jobsIdle(t.app);
    const [{ mer_trade_no: no }] = (await ds.query('SELECT mer_trade_no FROM orders WHERE id = ?', [order.id])) as { mer_trade_no: string }[];
    expect((await outboxFor(t.app, s.phone)).filter((m) => m.body.includes(no)).map((m) => m.body)).toEqual([expect.stringContaining(`訂單 ${no} 已成立`)]);
  });

  it('retry key: the same push job run twice delivers one message (the simulator answers 409 to the repeat, counted as sent)', async () => {
    const s = await shopper(t);
    const sub = lineId();
    expect(await bindLine(s, sub)).toBe('/profile?line=bound');
    const job: JobOf<'line.push'> = {
      id: 'line:test-retry',
      name: JobName.LinePush,
      queue: QueueName.Line,
      data: { userId: s.userId, lineUserId: sub, text: '重試測試', retryKey: crypto.randomUUID(), fallback: { phone: s.phone, text: '不該送出' } },
      attempt: 1,
      maxAttempts: 5,
    };
    const processor = t.app.get(LinePushProcessor, { strict: false });
    await processor.push(job);
    await processor.push({ ...job, attempt: 2 });
    expect(line.received(sub).map((m) => m.text)).toEqual(['重試測試']);
    expect(line.calls.filter((c) => c.retryKey === job.data.retryKey).map((c) => c.status)).toEqual([200, 409]);
    expect((await outboxFor(t.app, s.phone)).some((m) => m.body === '不該送出')).toBe(false);

    // 5xx: the job throws (the job system retries it); nothing falls back to SMS.
    line.failNext({ status: 500, message: 'An error occurred on the server' });
    const again = { ...job, data: { ...job.data, retryKey: crypto.randomUUID() } };
    await expect(processor.push(again)).rejects.toMatchObject({ name: 'LinePushError', retryable: true });
    await processor.push({ ...again, attempt: 2 });
    expect(line.received(sub)).toHaveLength(2);

    // LINE does not know the user any more ("Failed to send messages"): the member is marked not a friend and the SMS goes instead.
    line.users.delete(sub);
    await t.app.get(LinePushProcessor, { strict: false }).push({
      id: 'line:test-unknown',
      name: JobName.LinePush,
      queue: QueueName.Line,
      data: { userId: s.userId, lineUserId: sub, text: '給已離開的使用者', retryKey: crypto.randomUUID(), fallback: { phone: s.phone, text: '改以簡訊通知 測試' } },
      attempt: 1,
      maxAttempts: 5,
    });
    expect(await friendRow(sub)).toBe(0);
    expect((await outboxFor(t.app, s.phone)).filter((m) => m.body === '改以簡訊通知 測試')).toHaveLength(1);
  });
  it('member notices: transactional ones on LINE for a LINE member; a cart reminder only with consent, with its unsubscribe link', async () => {
    const s = await shopper(t);
    const sub = lineId();
    expect(await bindLine(s, sub)).toBe('/profile?line=bound');
    await put(s.b, { notify_channel: 'line' });
    const notices = t.app.get(MemberNotices, { strict: false });
    await notices.enqueue('points-earned', s.userId, `test-${s.userId}`, { points: 30 });
    // No marketing consent: the reminder is not sent anywhere.
    await notices.enqueue('cart-reminder', s.userId, `${s.userId}:1`, { items: '「玻尿酸精華」' });
    await jobsIdle(t.app);
    expect(line.received(sub).map((m) => m.text)).toEqual([expect.stringContaining('30')]);
    expect((await outboxFor(t.app, s.email)).filter((m) => m.body.includes('玻尿酸精華'))).toEqual([]);

    await put(s.b, { marketing_line: 1 });
    await notices.enqueue('cart-reminder', s.userId, `${s.userId}:2`, { items: '「玻尿酸精華」' });
    await jobsIdle(t.app);
    const reminder = line.received(sub).at(-1)!.text;
    expect(reminder).toContain('玻尿酸精華');
    const unsubscribe = /取消訂閱：(\S+)/.exec(reminder)?.[1] ?? '';
    expect(unsubscribe).toBe(t.app.get(MemberReach, { strict: false }).unsubscribeUrl(s.userId, 'line'));
    // The link takes the member off the LINE list; the next reminder is not sent.
    expect((await request(t.http).post(`/api${new URL(unsubscribe).pathname}`)).body).toMatchObject({ success: true, channel: 'line', done: true });
    await notices.enqueue('cart-reminder', s.userId, `${s.userId}:3`, { items: '「玻尿酸精華」' });
    await jobsIdle(t.app);
    expect(line.received(sub)).toHaveLength(2);
  });
  it('a partial refund of an invoiced order: the refunded news, then the allowance-consent news with its link (by SMS for an SMS member)', async () => {
    const buyer = await shopper(t);
    const [v] = await variants(t.app, 1, 50, 300);
    const make = new OrderMaker(t, await OrderMaker.baseOf(t), buyer, v);
    const o = await make.paid('credit', 2);
    const trade = make.sims.payuni!.trades.get(o.merTradeNo)!;
    await t.app.get<PayuniGateway>(PAYUNI_GATEWAY).tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    await make.sims.idle();
    await jobsIdle(t.app);
    const owner = await adminSession(t, 'owner');
    const r = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, amount: 100, reason: '部分退貨', restock: false });
    expect(r.status).toBe(200);
    await make.sims.idle();
    await jobsIdle(t.app);
    const [allowance] = (await ds.query('SELECT consent_token, status FROM invoice_allowances WHERE order_id = ?', [o.id])) as { consent_token: string; status: string }[];
    expect(allowance.status).toBe('awaiting-consent');
    const news = (await outboxFor(t.app, buyer.phone)).filter((m) => m.body.includes(o.merTradeNo)).map((m) => m.body);
    expect(news).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`訂單 ${o.merTradeNo} 已退款`),
        expect.stringContaining(`訂單 ${o.merTradeNo} 的退款需要您同意電子發票折讓：${new URL(await OrderMaker.baseOf(t)).origin}/allowance/${allowance.consent_token}`),
      ]),
    );
  });
});

import request from 'supertest';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../src/common/events/domain-events';
import { ADMIN_MSG } from '../../src/common/validation/admin';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { BrowserSession, isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { ALERT_SEPARATOR, StaffAlertsProcessor } from '../../src/modules/settings/staff-alerts.processor';
import { JobName, type JobOf, QueueName } from '../../src/jobs/job-types';
import { adminSession, AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, jobsIdle, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(180_000);

describe('staff alerts: notification settings (spec 3 §7) and Telegram alerts through the outbox', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;

  beforeAll(async () => {
    // Few, fast attempts: a Telegram outage ends its job as failed within the test.
    t = await createTestApp(isolatedEnv({ JOBS_ATTEMPTS: '2', JOBS_BACKOFF_BASE_MS: '10', JOBS_BACKOFF_MAX_MS: '20' }));
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    [owner, staff, editor] = [await adminSession(t, 'owner'), await adminSession(t, 'staff'), await adminSession(t, 'editor')];
  });
  afterAll(() => t?.close());

  const telegram = () => sims.telegram!.sent().map((m) => m.text);
  const outboxIds = async (like: string): Promise<string[]> =>
    (await ds.query('SELECT job_id FROM outbox_messages WHERE job_id LIKE ? ORDER BY id', [like])).map((r: { job_id: string }) => r.job_id);
  const setSwitch = (setting_type: string, value: unknown) => owner.post('/api/admin/updateNotificationSetting', { setting_type, field: 'is_telegram', value });

  async function placeOrder() {
    const s = await shopper(t);
    const [v] = await variants(t.app, 1, 10);
    const total = v.price + feeFor(await shippingMethod(t.app, 4), v.price);
    const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], total));
    expect(res.status).toBe(200);
    return { id: res.body.resData.order_id as number, merTradeNo: res.body.resData.MerTradeNo as string, total };
  }

  describe('GET /api/admin/loadNotificationsSettings, POST /api/admin/updateNotificationSetting', () => {
    it('lists every alert type with its Telegram switch to owners and staff; an editor gets 403, a visitor 401', async () => {
      const res = await staff.get('/api/admin/loadNotificationsSettings');
      expect(res.status).toBe(200);
      const types = res.body.notificationsSettings.map((s: { setting_type: string }) => s.setting_type);
      for (const type of ['new_order', 'payment_completed', 'order_cancelled', 'refund_request', 'contact_message', 'job_failed', 'refund_required']) {
        expect(types).toContain(type);
      }
      expect(res.body.notificationsSettings.find((s: { setting_type: string }) => s.setting_type === 'refund_request')).toEqual({
        id: expect.any(Number),
        setting_type: 'refund_request',
        setting_name: '退款申請通知',
        is_telegram: 1,
      });
      expect(res.body.notificationsSettings.find((s: { setting_type: string }) => s.setting_type === 'job_failed')).toMatchObject({ setting_name: '任務失敗通知', is_telegram: 1 });
      expect((await owner.get('/api/admin/loadNotificationsSettings')).status).toBe(200);
      expect((await editor.get('/api/admin/loadNotificationsSettings')).status).toBe(403);
      expect((await request(t.http).get('/api/admin/loadNotificationsSettings')).status).toBe(401);
    });

    it('lets an owner switch an alert (true/false or 1/0), audited; staff may not; bad bodies are refused', async () => {
      const off = await setSwitch('low_stock', true);
      expect([off.status, off.body]).toEqual([200, { success: true, message: ADMIN_MSG.notificationUpdated, notificationsSetting: expect.objectContaining({ setting_type: 'low_stock', is_telegram: 1 }) }]);
      expect((await setSwitch('low_stock', 0)).body.notificationsSetting.is_telegram).toBe(0);
      const rows = await ds.query("SELECT is_telegram FROM notification_settings WHERE setting_type = 'low_stock'");
      expect(Number(rows[0].is_telegram)).toBe(0);
      const audit = await owner.get('/api/admin/auditLogs?entity=notification_setting&entity_id=low_stock');
      expect(audit.body.rows.map((r: { action: string; changes: unknown; admin_id: number }) => [r.action, r.changes, r.admin_id])).toEqual([
        ['notification.update', { is_telegram: [1, 0] }, owner.id],
        ['notification.update', { is_telegram: [0, 1] }, owner.id],
      ]);

      const byStaff = await staff.post('/api/admin/updateNotificationSetting', { setting_type: 'low_stock', field: 'is_telegram', value: 1 });
      expect([byStaff.status, byStaff.body.message]).toEqual([403, ADMIN_MSG.forbidden]);
      const unknown = await setSwitch('no_such_alert', 1);
      expect([unknown.status, unknown.body]).toEqual([404, { success: false, message: ADMIN_MSG.notificationsUpdateFailed }]);
      for (const body of [
        { setting_type: 'low_stock', field: 'is_email', value: 1 },
        { setting_type: 'low_stock', field: 'is_telegram', value: 2 },
        { setting_type: 'low_stock', field: 'is_telegram', value: 'yes' },
        { setting_type: 5, field: 'is_telegram', value: 1 },
        { field: 'is_telegram', value: 1 },
      ]) {
        const res = await owner.post('/api/admin/updateNotificationSetting', body);
        expect([body, res.status, res.body.message]).toEqual([body, 400, ADMIN_MSG.notificationsUpdateFailed]);
      }
    });
  });

  describe('alerts', () => {
    it('新訂單, 付款完成, 訂單取消: one Telegram message each naming the order number, amount and buyer', async () => {
      const paid = await placeOrder();
      const cancelled = await placeOrder();
      await t.app.get(OrderStateService).markPaid(paid.id, { gateway: 'payuni', tradeNo: `T${paid.id}`, amount: paid.total, source: 'notify' });
      await t.app.get(OrderStateService).cancel(cancelled.id, 'member');
      await jobsIdle(t.app);
      const about = (o: { merTradeNo: string }) => telegram().filter((m) => m.includes(o.merTradeNo));
      const amount = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;
      expect(about(paid)).toEqual([
        `【新訂單】訂單 ${paid.merTradeNo}（#${paid.id}）${amount(paid.total)}（貨到付款）訂購人：王小明`,
        `【付款完成】訂單 ${paid.merTradeNo}（#${paid.id}）${amount(paid.total)}（貨到付款）訂購人：王小明`,
      ]);
      expect(about(cancelled)).toEqual([
        `【新訂單】訂單 ${cancelled.merTradeNo}（#${cancelled.id}）${amount(cancelled.total)}（貨到付款）訂購人：王小明`,
        `【訂單取消】訂單 ${cancelled.merTradeNo}（#${cancelled.id}）${amount(cancelled.total)}（貨到付款）訂購人：王小明，會員取消訂單`,
      ]);
      // Through the outbox, one row per alert.
      expect(await outboxIds(`alert-%.${paid.id}`)).toEqual([`alert-new-order.${paid.id}`, `alert-paid.${paid.id}`]);
    });

    it('nothing is queued or sent while the alert is switched off, and an order that rolled back alerts nothing', async () => {
      expect((await setSwitch('new_order', false)).status).toBe(200);
      try {
        const o = await placeOrder();
        await jobsIdle(t.app);
        expect(telegram().filter((m) => m.includes(o.merTradeNo))).toEqual([]);
        expect(await outboxIds(`alert-new-order.${o.id}`)).toEqual([]);
      } finally {
        await setSwitch('new_order', true);
      }
      // Out of stock: the order's transaction rolls back, and its alert with it.
      const s = await shopper(t);
      const [v] = await variants(t.app, 1, 0);
      const before = (await outboxIds('alert-new-order.%')).length;
      const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], v.price + feeFor(await shippingMethod(t.app, 4), v.price)));
      expect(res.status).toBe(409);
      expect((await outboxIds('alert-new-order.%')).length).toBe(before);
    });

    it('聯絡表單: a stored contact message raises one alert when switched on (off by default; no personal data in it)', async () => {
      expect((await setSwitch('contact_message', 1)).status).toBe(200);
      const res = await new BrowserSession(request.agent(t.http), '10.9.8.7').post('/api/email/contactSend', { name: '林小華', email: 'hua@example.com', message: '請問有門市嗎？' });
      expect(res.status).toBe(200);
      await jobsIdle(t.app);
      const [row] = await ds.query('SELECT id FROM contact_messages ORDER BY id DESC LIMIT 1');
      const alerts = telegram().filter((m) => m.startsWith('【聯絡表單】'));
      expect(alerts).toContain(`【聯絡表單】收到新的聯絡表單訊息 #${row.id}，內容已寄至客服信箱。`);
      expect(alerts.join('\n')).not.toMatch(/林小華|hua@example/);
    });

    it('任務失敗: a job out of attempts raises one alert; a failed telegram.notify never does (no loop)', async () => {
      const events = t.app.get(DomainEvents);
      await events.publish('job.failed', { queue: 'invoice', name: 'invoice.issue', jobId: 'invoice.4242', error: 'Amego 500' });
      await jobsIdle(t.app);
      expect(telegram().filter((m) => m.startsWith('【任務失敗】'))).toEqual([
        '【任務失敗】invoice.issue（佇列 invoice，任務 invoice.4242）已用盡重試次數：Amego 500。請至後台「任務佇列」查看並重試。',
      ]);

      // Telegram down: the new-order alert's job runs out of attempts; its failure alerts nobody.
      sims.telegram!.outage(true);
      let o: { id: number };
      try {
        o = await placeOrder();
        await jobsIdle(t.app);
      } finally {
        sims.telegram!.outage(false);
      }
      const failed = await ds.query("SELECT job_id, state FROM outbox_messages WHERE job_id = ?", [`alert-new-order.${o.id}`]);
      expect(failed).toEqual([{ job_id: `alert-new-order.${o.id}`, state: 'failed' }]);
      await jobsIdle(t.app);
      expect(await outboxIds('alert-job-failed.%')).toHaveLength(1); // only the invoice one above
      expect(telegram().filter((m) => m.startsWith('【任務失敗】'))).toHaveLength(1);
    });
  });
});

describe('staff alerts batched (STAFF_ALERT_BATCH_MS): alerts of one window go as one Telegram message', () => {
  let t: TestApp;
  let ds: DataSource;
  let sims: EmbeddedSimulators;
  let alerts: StaffAlertsProcessor;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ STAFF_ALERT_BATCH_MS: '50', JOBS_ATTEMPTS: '2', JOBS_BACKOFF_BASE_MS: '10', JOBS_BACKOFF_MAX_MS: '20' }));
    ds = t.app.get(DataSource);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    alerts = t.app.get(StaffAlertsProcessor);
    await ds.query("UPDATE notification_settings SET is_telegram = 1 WHERE setting_type IN ('new_order', 'order_cancelled')");
    await ds.query("UPDATE notification_settings SET is_telegram = 0 WHERE setting_type = 'low_stock'");
  });
  afterAll(() => t?.close());

  const telegram = () => sims.telegram!.sent().map((m) => m.text);
  let n = 0;
  const job = (settingType: string, text: string): JobOf<'telegram.notify'> => ({
    id: `alert-test.${++n}`,
    name: JobName.TelegramNotify,
    queue: QueueName.Telegram,
    data: { settingType, text },
    attempt: 1,
    maxAttempts: 1,
  });

  it('alerts that come together are one message, in their order, a blank line apart; a switched-off type is left out', async () => {
    const before = telegram().length;
    await Promise.all([
      alerts.send(job('new_order', '【新訂單】A')),
      alerts.send(job('low_stock', '【庫存不足】B')),
      alerts.send(job('order_cancelled', '【訂單取消】C')),
      alerts.send(job('new_order', '【新訂單】D')),
    ]);
    expect(telegram().slice(before)).toEqual([`【新訂單】A${ALERT_SEPARATOR}【訂單取消】C${ALERT_SEPARATOR}【新訂單】D`]);
  });

  it('a message never passes 4096 characters: a fuller batch leaves at once and the rest waits for the next', async () => {
    const before = telegram().length;
    const long = (c: string) => c.repeat(1500);
    await Promise.all(['一', '二', '三'].map((c) => alerts.send(job('new_order', long(c)))));
    expect(telegram().slice(before)).toEqual([`${long('一')}${ALERT_SEPARATOR}${long('二')}`, long('三')]);
  });

  it('a refused message fails every alert in it (each job retries); nothing is sent while Telegram is down', async () => {
    const before = telegram().length;
    sims.telegram!.outage(true);
    try {
      const runs = await Promise.allSettled([alerts.send(job('new_order', '【新訂單】E')), alerts.send(job('new_order', '【新訂單】F'))]);
      expect(runs.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    } finally {
      sims.telegram!.outage(false);
    }
    expect(telegram().slice(before)).toEqual([]);
  });

  it('an order placed with batching on alerts through the outbox and its job completes', async () => {
    const s = await shopper(t);
    const [v] = await variants(t.app, 1, 10);
    const total = v.price + feeFor(await shippingMethod(t.app, 4), v.price);
    const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], total));
    expect(res.status).toBe(200);
    const merTradeNo = res.body.resData.MerTradeNo as string;
    await jobsIdle(t.app);
    expect(telegram().filter((m) => m.includes(merTradeNo))).toHaveLength(1);
    const rows = await ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [`alert-new-order.${res.body.resData.order_id}`]);
    expect(rows).toEqual([{ state: 'done' }]);
  });
});

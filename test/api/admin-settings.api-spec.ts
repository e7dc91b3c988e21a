import request from 'supertest';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { AuditLog } from '../../src/modules/audit/entities/audit-log.entity';
import { Setting } from '../../src/modules/settings/entities/setting.entity';
import { adminSession, AdminSession } from '../helpers/admin';
import { MONEY_FIELDS, MONEY_MSG } from '../../src/common/validation/money';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(180_000);

describe('admin settings (spec 3 §7 settings)', () => {
  let t: TestApp;
  let ds: DataSource;
  let editor: AdminSession;
  let staff: AdminSession;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    editor = await adminSession(t, 'editor');
    staff = await adminSession(t, 'staff');
  });
  afterAll(() => t?.close());

  const ok200 = async (p: Promise<Response>): Promise<Response> => {
    const r = await p;
    expect(r.status).toBe(200);
    return r;
  };
  const versions = async () => (await request(t.http).post('/api/load/versions').send({}).expect(200)).body;

  it('loadsettings lists the public settings, payment and shipping methods; never a private row', async () => {
    await ds.getRepository(Setting).save({ title: '秘密', s_key: 'TEST_PRIVATE_KEY', s_value: 'sk-secret', is_public: 0 });
    const res = await ok200(editor.get('/api/admin/loadsettings'));
    expect(res.body.success).toBe(true);
    expect(res.body.settings.map((s: Setting) => s.s_key)).toEqual(expect.arrayContaining(['COMPANY_NAME', 'COMPANY_NAMEN', 'COMPANY_TAXID']));
    expect(JSON.stringify(res.body)).not.toContain('sk-secret');
    expect(res.body.payment_methods[0]).toEqual({ payment_method_id: expect.any(Number), method_code: expect.any(String), method_label: expect.any(String), status: expect.any(Number) });
    expect(res.body.shipping_methods.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect((await staff.get('/api/admin/loadsettings')).status).toBe(403);
  });

  it('updatesettings changes a public setting: start-up settings show it at once with a new settingsVersion; audited', async () => {
    const before = await versions();
    const row = await ds.getRepository(Setting).findOneByOrFail({ s_key: 'COMPANY_NAMEN' });
    const res = await ok200(editor.post('/api/admin/updatesettings', { s_id: row.id, s_value: '新簡稱' }));
    expect(res.body).toMatchObject({ success: true, message: '更新成功', setting: { s_key: 'COMPANY_NAMEN', s_value: '新簡稱' } });
    const after = await versions();
    expect(after.settingsVersion).not.toBe(before.settingsVersion);
    expect(after.Settings).toEqual(expect.arrayContaining([{ s_key: 'COMPANY_NAMEN', s_value: '新簡稱' }]));
    const audit = await ds.getRepository(AuditLog).findOneByOrFail({ action: 'settings.update', entity_id: 'COMPANY_NAMEN' });
    expect(audit.admin_id).toBe(editor.id);
  });

  it('updatesettings refuses a private row, an unknown id and a bad value with 更新失敗', async () => {
    const priv = await ds.getRepository(Setting).findOneByOrFail({ s_key: 'TEST_PRIVATE_KEY' });
    expect((await editor.post('/api/admin/updatesettings', { s_id: priv.id, s_value: 'x' })).body).toMatchObject({ success: false, message: '更新失敗' });
    expect((await editor.post('/api/admin/updatesettings', { s_id: 999999, s_value: 'x' })).body).toMatchObject({ success: false, message: '更新失敗' });
    const row = await ds.getRepository(Setting).findOneByOrFail({ s_key: 'COMPANY_NAME' });
    expect((await editor.post('/api/admin/updatesettings', { s_id: row.id, s_value: 5 })).body).toMatchObject({ success: false, message: '更新失敗' });
    expect((await editor.post('/api/admin/updatesettings', { s_id: row.id, s_value: 'x'.repeat(1001) })).body).toMatchObject({ success: false, message: '更新失敗' });
    expect((await ds.getRepository(Setting).findOneByOrFail({ id: priv.id })).s_value).toBe('sk-secret');
  });

  it('updatepayment switches a method off and on: checkout methods follow at once', async () => {
    const list = (await editor.get('/api/admin/loadsettings')).body.payment_methods as { payment_method_id: number; method_code: string }[];
    const atm = list.find((m) => m.method_code === 'atm')!;
    const res = await ok200(editor.post('/api/admin/updatepayment', { payment_method_id: atm.payment_method_id, status: false }));
    expect(res.body).toMatchObject({ success: true, payment_method: { method_code: 'atm', status: 0 } });
    let pub = (await request(t.http).get('/api/load/payment').expect(200)).body.paymentMethods as { method_code: string }[];
    expect(pub.map((m) => m.method_code)).not.toContain('atm');
    await ok200(editor.post('/api/admin/updatepayment', { payment_method_id: atm.payment_method_id, status: 1 }));
    pub = (await request(t.http).get('/api/load/payment').expect(200)).body.paymentMethods;
    expect(pub.map((m) => m.method_code)).toContain('atm');
    expect((await editor.post('/api/admin/updatepayment', { payment_method_id: atm.payment_method_id, status: 2 })).body).toMatchObject({ success: false, message: '更新失敗' });
    expect((await editor.post('/api/admin/updatepayment', { payment_method_id: 99999, status: 1 })).body).toMatchObject({ success: false, message: '更新失敗' });
  });

  it('updateshipping_active switches a shipping method: /api/load/shipping follows at once', async () => {
    const res = await ok200(editor.post('/api/admin/updateshipping_active', { id: 3, is_active: 0 }));
    expect(res.body).toMatchObject({ success: true, shipping_method: { id: 3, is_active: 0 } });
    let pub = (await request(t.http).get('/api/load/shipping').expect(200)).body.shippingMethods as { id: number }[];
    expect(pub.map((m) => m.id)).not.toContain(3);
    await ok200(editor.post('/api/admin/updateshipping_active', { id: 3, is_active: '1' }));
    pub = (await request(t.http).get('/api/load/shipping').expect(200)).body.shippingMethods;
    expect(pub.map((m) => m.id)).toContain(3);
    expect((await editor.post('/api/admin/updateshipping_active', { id: 77, is_active: 1 })).body).toMatchObject({ success: false, message: '更新失敗' });
  });

  it('updateshipping saves the whole list (commas ignored, names read-only) with 儲存成功; a bad row saves nothing (儲存失敗)', async () => {
    const list = (await editor.get('/api/admin/loadsettings')).body.shipping_methods as Record<string, unknown>[];
    const edited = list.map((m) => (m.id === 4 ? { ...m, name: '改名', shipping_cost: '1,20', free_shipping_threshold: '2,000', icon_url: '/media/home.webp' } : m));
    const res = await ok200(editor.post('/api/admin/updateshipping', { shipping_methods: edited }));
    expect(res.body).toMatchObject({ success: true, message: '儲存成功' });
    const home = (res.body.shipping_methods as Record<string, unknown>[]).find((m) => m.id === 4)!;
    expect(home).toMatchObject({ shipping_cost: 120, free_shipping_threshold: 2000, icon_url: '/media/home.webp' });
    expect(home.name).not.toBe('改名');
    const pub = (await request(t.http).get('/api/load/shipping').expect(200)).body.shippingMethods as Record<string, unknown>[];
    expect(pub.find((m) => m.id === 4)).toMatchObject({ shipping_cost: 120, free_shipping_threshold: 2000 });

    // NT$ fields answer the shared money rule's message naming the field (issue 19 §6; hardening-19.api-spec.ts)
    for (const bad of [{ shipping_cost: -1 }, { shipping_cost: 1.5 }]) {
      const body = { shipping_methods: [{ ...home, shipping_cost: 99 }, { ...list.find((m) => m.id === 1), ...bad }] };
      expect((await editor.post('/api/admin/updateshipping', body)).body).toMatchObject({ success: false, message: MONEY_MSG.notWhole(MONEY_FIELDS.shippingCost) });
    }
    for (const bad of [
      { icon_url: 'javascript:alert(1)' },
      { icon_url: 'data:image/png;base64,AAAA' },
      { is_active: 3 },
    ]) {
      const body = { shipping_methods: [{ ...home, shipping_cost: 99 }, { ...list.find((m) => m.id === 1), ...bad }] };
      expect((await editor.post('/api/admin/updateshipping', body)).body).toMatchObject({ success: false, message: '儲存失敗' });
    }
    expect((await editor.post('/api/admin/updateshipping', { shipping_methods: [{ ...home, shipping_cost: 99 }, { ...home, id: 42 }] })).body).toMatchObject({ success: false, message: '儲存失敗' });
    const again = (await editor.get('/api/admin/loadsettings')).body.shipping_methods as Record<string, unknown>[];
    expect(again.find((m) => m.id === 4)).toMatchObject({ shipping_cost: 120 });
    expect((await editor.post('/api/admin/updateshipping', { shipping_methods: [] })).body).toMatchObject({ success: false, message: '儲存失敗' });
  });
});

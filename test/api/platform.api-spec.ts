import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentVersionsService } from '../../src/modules/content/content-versions.service';
import { createTestApp, TestApp } from '../helpers/test-app';

describe('platform: health, envelope, security headers, start-up versions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('reports health of the database', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ success: true, status: 'ok', database: 'up' });
    // On the production-shaped run (MariaDB + Redis) Redis is checked too.
    expect(res.body.redis).toBe(process.env.TEST_REDIS_URL ? 'up' : undefined);
  });

  it('answers unknown API paths and malformed JSON with the envelope', async () => {
    const a = await request(t.http).get('/api/nope').expect(404);
    expect(a.body).toEqual({ success: false, message: '找不到資源' });
    const b = await request(t.http)
      .post('/api/load/productDetails')
      .set('Content-Type', 'application/json')
      .send('{"product_id": ')
      .expect(400);
    expect(b.body).toEqual({ success: false, message: '提供的資料無效或不完整' });
  });

  it('sends security headers and a request id', async () => {
    const res = await request(t.http).get('/api/load/shipping').set('X-Request-Id', 'abcDEF12-req').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('abcDEF12-req');
    const generated = await request(t.http).get('/api/load/shipping').set('X-Request-Id', 'bad id!');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await request(t.http).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/load/loadProducts', '/api/load/productD/{id}']));
  });

  it('answers start-up versions with public settings and poster titles', async () => {
    const res = await request(t.http).post('/api/load/versions').send({}).expect(200);
    expect(res.body).toMatchObject({ success: true, isClearCart: false });
    for (const k of ['cartVersion', 'settingsVersion', 'postersVersion']) expect(typeof res.body[k]).toBe('string');
    const keys = (res.body.Settings as { s_key: string }[]).map((s) => s.s_key);
    expect(keys).toEqual(expect.arrayContaining(['COMPANY_NAME', 'COMPANY_NAMEN', 'COMPANY_TAXID']));
    const privateKeys: { s_key: string }[] = await t.app.get(DataSource).query('SELECT s_key FROM settings WHERE is_public = 0');
    for (const p of privateKeys) expect(keys).not.toContain(p.s_key);
    expect(res.body.PosterTitles.length).toBeGreaterThan(0);
    expect(res.body.PosterTitles[0]).toEqual({ id: expect.any(Number), title: expect.any(String) });
  });

  it('tells a client with a stale cart version to clear its cart, once', async () => {
    const { cartVersion } = (await request(t.http).post('/api/load/versions').send({})).body;
    const same = await request(t.http).post('/api/load/versions').send({ cartVersion, settionsVersion: 'x', localPostersVersion: null });
    expect(same.body.isClearCart).toBe(false);

    const bumped = await t.app.get(ContentVersionsService).bump('cartVersion');
    const stale = await request(t.http).post('/api/load/versions').send({ cartVersion }).expect(200);
    expect(stale.body).toMatchObject({ isClearCart: true, cartVersion: bumped });
    const fresh = await request(t.http).post('/api/load/versions').send({ cartVersion: bumped });
    expect(fresh.body.isClearCart).toBe(false);
  });

  it('rejects fields that are not part of a call', async () => {
    const res = await request(t.http).post('/api/load/versions').send({ cartVersion: 'a', admin: true }).expect(400);
    expect(res.body.success).toBe(false);
  });
});

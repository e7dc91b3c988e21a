import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { randomPhone } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

/**
 * Which client address the per-IP limits see, by TRUST_PROXY. The app listens on every
 * interface and is called over loopback and over this machine's own non-loopback address, so
 * the peer address is real, not a header. The SMS code cap per IP (CODE_IP_DAILY_LIMIT=3) and
 * the address stored with each code show what the server took for the client.
 */
const PER_IP = 3;
const DAILY_LIMIT = { success: false, message: '今日驗證碼發送次數已達上限，請明天再試' };

/** This machine's first non-loopback IPv4 address (absent in some sandboxes: those tests skip). */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const withExternal = external ? it : it.skip;

interface Shop {
  t: TestApp;
  loopback: string;
  external?: string;
}

async function startShop(env: Record<string, string>): Promise<Shop> {
  const t = await createTestApp({ CODE_IP_DAILY_LIMIT: String(PER_IP), ...env });
  await t.app.listen(0, '0.0.0.0');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return { t, loopback: `http://127.0.0.1:${port}`, external: external && `http://${external}:${port}` };
}

/** A new browser at `base` claiming `xff` as its address asks for a registration code. */
async function sendCode(base: string, xff: string) {
  const phone = randomPhone();
  const agent = request.agent(base);
  const token = (await agent.get('/api/csrf-token').set('X-Forwarded-For', xff).expect(200)).body.csrfToken as string;
  const res = await agent.post('/api/phone/sendcode').set('X-Forwarded-For', xff).set('X-CSRF-Token', token).send({ type: 'register', phone });
  return { res, phone };
}

/** The client address stored with the code sent to `phone`. */
async function seenIp(shop: Shop, phone: string): Promise<string | undefined> {
  const rows: { ip: string }[] = await shop.t.app.get(DataSource).query('SELECT ip FROM phone_codes WHERE phone = ?', [phone]);
  return rows[0]?.ip;
}

/** Rotating X-Forwarded-For from `base`: the first PER_IP sends pass, the next one hits the cap. */
async function expectCappedDespiteRotation(shop: Shop, base: string, peer: string) {
  for (let i = 1; i <= PER_IP; i++) {
    const { res, phone } = await sendCode(base, `203.0.113.${i}`);
    expect(res.status).toBe(200);
    expect(await seenIp(shop, phone)).toBe(peer);
  }
  const { res } = await sendCode(base, '203.0.113.99');
  expect(res.status).toBe(429);
  expect(res.body).toEqual(DAILY_LIMIT);
}

describe('TRUST_PROXY unset (directly exposed): X-Forwarded-For is ignored', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({});
  });
  afterAll(async () => shop?.t.close());

  it('a client rotating X-Forwarded-For is still one address to the per-IP cap', async () => {
    await expectCappedDespiteRotation(shop, shop.loopback, '127.0.0.1');
  });
});

describe('TRUST_PROXY=loopback: one proxy on this machine', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => shop?.t.close());

  it('takes the address the proxy on loopback gives, and only the hop it added', async () => {
    for (let i = 1; i <= PER_IP + 1; i++) {
      const { res, phone } = await sendCode(shop.loopback, `198.51.100.${i}`);
      expect(res.status).toBe(200);
      expect(await seenIp(shop, phone)).toBe(`198.51.100.${i}`);
    }
    // A client's own X-Forwarded-For that a proxy appended to: only the proxy's entry counts.
    const { res, phone } = await sendCode(shop.loopback, '10.9.8.7, 198.51.100.50');
    expect(res.status).toBe(200);
    expect(await seenIp(shop, phone)).toBe('198.51.100.50');
  });

  withExternal('ignores X-Forwarded-For from a peer that is not loopback', async () => {
    await expectCappedDespiteRotation(shop, shop.external as string, external as string);
  });
});

describe('TRUST_PROXY=<the proxy address> (docker/compose.yml): only that hop is trusted', () => {
  let shop: Shop;
  beforeAll(async () => {
    if (external) shop = await startShop({ TRUST_PROXY: external });
  });
  afterAll(async () => shop?.t.close());

  withExternal('takes X-Forwarded-For from the proxy address', async () => {
    const { res, phone } = await sendCode(shop.external as string, '198.51.100.77');
    expect(res.status).toBe(200);
    expect(await seenIp(shop, phone)).toBe('198.51.100.77');
  });

  withExternal('ignores it from any other peer, loopback included', async () => {
    await expectCappedDespiteRotation(shop, shop.loopback, '127.0.0.1');
  });
});

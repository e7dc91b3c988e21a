import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { autoSubmitFormHtml, HttpPayuniGateway } from './payuni-client';
import { decryptQuery, encryptInfo, hashInfo, sealEnvelope } from './payuni-crypto';
import { PayuniCallbackError, PayuniError, taipeiDate } from './payuni-gateway';
import express from 'express';
import { createPayuniSimulator, RunningPayuniSimulator, SIM_CREDENTIALS, startPayuniSimulator } from './simulators/payuni-simulator';

const { merId: MER, hashKey: KEY, hashIv: IV } = SIM_CREDENTIALS;

/** A tiny shop endpoint that records form posts (NotifyURL / ReturnURL) and can fail first. */
interface Shop {
  url: string;
  posts: { path: string; form: URLSearchParams; ua?: string }[];
  failFirst: number;
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

async function startShop(): Promise<Shop> {
  const shop = { posts: [], failFirst: 0 } as unknown as Shop;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      shop.posts.push({ path: req.url ?? '', form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')), ua: req.headers['user-agent'] });
      if (shop.failFirst > 0) {
        shop.failFirst -= 1;
        res.writeHead(500).end('busy');
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  shop.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  shop.waitFor = async (n, ms = 5000) => {
    const end = Date.now() + ms;
    while (shop.posts.length < n) {
      if (Date.now() > end) throw new Error(`only ${shop.posts.length} posts`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  shop.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return shop;
}

/** Hidden inputs and the form action of an HTML page (values unescaped). */
function formOf(html: string, id?: string): { action: string; fields: Record<string, string> } {
  const unesc = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const re = id ? new RegExp(`<form id="${id}"[^>]*action="([^"]*)"[^>]*>([\\s\\S]*?)</form>`) : /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/;
  const m = re.exec(html);
  if (!m) throw new Error('no form');
  const fields: Record<string, string> = {};
  for (const i of m[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unesc(i[1])] = unesc(i[2]);
  return { action: unesc(m[1]), fields };
}

let seq = 0;
const tradeNo = (p = 'T') => `${p}${Date.now().toString(36)}${(seq += 1)}`;

describe('PAYUNi client against the local simulator (real HTTP on 127.0.0.1)', () => {
  let sim: RunningPayuniSimulator;
  let shop: Shop;
  let gw: HttpPayuniGateway;

  beforeAll(async () => {
    sim = await startPayuniSimulator({ notifyRetryDelaysMs: [50, 50, 50] });
    shop = await startShop();
    gw = new HttpPayuniGateway({ apiUrl: sim.url, merId: MER, hashKey: KEY, hashIv: IV, timeoutMs: 2000 });
  });
  afterAll(async () => {
    await sim.close();
    await shop.close();
  });
  beforeEach(() => {
    shop.posts.length = 0;
    shop.failFirst = 0;
  });

  describe('ATM and CVS', () => {
    it('issues an ATM virtual account with PayNo and ExpireDate', async () => {
      const no = tradeNo('ATM');
      const expire = taipeiDate(new Date(), 3);
      const r = await gw.atm({ merTradeNo: no, tradeAmt: 1280, prodDesc: '玫瑰精華液 x1', bankType: '013', expireDate: expire, notifyUrl: `${shop.url}/notify`, usrMail: 'a@example.com' });
      expect(r).toMatchObject({ merTradeNo: no, tradeAmt: 1280, tradeStatus: 0, paymentType: 2, bankType: '013', expireDate: `${expire} 23:59:59` });
      expect(r.payNo).toMatch(/^\d{14}$/);
      expect(r.tradeNo).toMatch(/^\d+$/);
    });

    it('defaults the ATM ExpireDate to +7 days', async () => {
      const r = await gw.atm({ merTradeNo: tradeNo(), tradeAmt: 15, prodDesc: 'x', bankType: '822', notifyUrl: `${shop.url}/n` });
      expect(r.expireDate).toBe(`${taipeiDate(new Date(), 7)} 23:59:59`);
    });

    it('issues a 7-ELEVEN payment code', async () => {
      const no = tradeNo('CVS');
      const r = await gw.cvs({ merTradeNo: no, tradeAmt: 30, prodDesc: '面膜', notifyUrl: `${shop.url}/notify` });
      expect(r).toMatchObject({ merTradeNo: no, tradeAmt: 30, tradeStatus: 0, paymentType: 3, store: 'SEVEN' });
      expect(r.payNo).toMatch(/^[A-Z0-9]{14}$/);
    });

    it('queries a trade before and after a simulated ATM payment, whose notify is signed and parses', async () => {
      const no = tradeNo('Q');
      const atm = await gw.atm({ merTradeNo: no, tradeAmt: 2000, prodDesc: 'x', bankType: '004', notifyUrl: `${shop.url}/notify` });
      const before = await gw.tradeQuery({ merTradeNo: no });
      expect(before.trades).toHaveLength(1);
      expect(before.trades[0]).toMatchObject({ tradeNo: atm.tradeNo, merTradeNo: no, tradeAmt: 2000, tradeStatus: 0, paymentType: 2, offPayNo: atm.payNo });

      shop.failFirst = 1; // the first notify gets HTTP 500: the simulator retries
      const delivered = await sim.sim.settle(no, 'paid');
      expect(delivered).toMatchObject({ status: 200, attempt: 2 });
      expect(shop.posts).toHaveLength(2);
      expect(shop.posts[1].ua).toBe('payuni');
      const cb = gw.parseCallback(shop.posts[1].form);
      expect(cb).toMatchObject({ status: 'SUCCESS', version: '1.0', merTradeNo: no, tradeNo: atm.tradeNo, tradeAmt: 2000, tradeStatus: 1, payNo: atm.payNo, payBank: '013', account5No: '12345' });
      expect(cb.payTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      const after = await gw.tradeQuery({ tradeNo: atm.tradeNo });
      expect(after.trades[0]).toMatchObject({ merTradeNo: no, tradeStatus: 1, paymentDay: cb.payTime });
    });

    it('pays a CVS code through the /sim/pay page', async () => {
      const no = tradeNo('P');
      const cvs = await gw.cvs({ merTradeNo: no, tradeAmt: 499, prodDesc: '<b>洗面乳</b>', notifyUrl: `${shop.url}/notify` });
      const html = await (await fetch(`${sim.url}/sim/pay?MerTradeNo=${no}`)).text();
      expect(html).toContain('模擬付款');
      expect(html).toContain('PAYUNi 模擬器');
      expect(html).toContain('NT$ 499');
      expect(html).toContain('&lt;b&gt;洗面乳&lt;/b&gt;');
      expect(html).not.toContain('<b>洗面乳');
      for (const label of ['付款成功', '付款失敗', '逾期']) expect(html).toContain(label);
      const form = formOf(html);
      const res = await fetch(new URL(form.action, sim.url), { method: 'POST', body: new URLSearchParams({ ...form.fields, outcome: 'paid' }) });
      expect(res.status).toBe(200);
      await shop.waitFor(1);
      expect(gw.parseCallback(shop.posts[0].form)).toMatchObject({ merTradeNo: no, tradeStatus: 1, payNo: cvs.payNo, payStore: 'SEVEN', tradeAmt: 499 });
    });

    it('cancels an unpaid CVS code once', async () => {
      const no = tradeNo('C');
      const cvs = await gw.cvs({ merTradeNo: no, tradeAmt: 100, prodDesc: 'x', notifyUrl: `${shop.url}/notify` });
      const r = await gw.cancelCvs({ payNo: cvs.payNo });
      expect(r.payNo).toBe(cvs.payNo);
      expect(r.verifyCode).toMatch(/^\d{6}$/);
      expect((await gw.tradeQuery({ merTradeNo: no })).trades[0].tradeStatus).toBe(3);
      await expect(gw.cancelCvs({ payNo: cvs.payNo })).rejects.toMatchObject({ name: 'PayuniError', code: 'CANCELCVS03002' });
    });

    it('reports an unknown trade as QUERY03001', async () => {
      await expect(gw.tradeQuery({ merTradeNo: 'nope-nope' })).rejects.toMatchObject({ code: 'QUERY03001', retryable: false });
    });

    it('refuses a reused MerTradeNo (…01007)', async () => {
      const no = tradeNo('R');
      await gw.atm({ merTradeNo: no, tradeAmt: 100, prodDesc: 'x', bankType: '013', notifyUrl: `${shop.url}/n` });
      await expect(gw.atm({ merTradeNo: no, tradeAmt: 100, prodDesc: 'x', bankType: '013', notifyUrl: `${shop.url}/n` })).rejects.toMatchObject({ code: 'ATM01007' });
    });
  });

  describe('request rules are checked before sending', () => {
    const base = { prodDesc: 'x', bankType: '013', notifyUrl: 'http://127.0.0.1/n' };
    it.each([
      [{ merTradeNo: 'a'.repeat(26), tradeAmt: 100 }, /MerTradeNo/],
      [{ merTradeNo: 'bad no', tradeAmt: 100 }, /MerTradeNo/],
      [{ merTradeNo: 'ok', tradeAmt: 14 }, /15–49999/],
      [{ merTradeNo: 'ok', tradeAmt: 50_000 }, /15–49999/],
      [{ merTradeNo: 'ok', tradeAmt: 100.5 }, /integer/],
      [{ merTradeNo: 'ok', tradeAmt: 100, expireDate: '2020-01-01' }, /past/],
      [{ merTradeNo: 'ok', tradeAmt: 100, expireDate: taipeiDate(new Date(), 181) }, /180 days/],
      [{ merTradeNo: 'ok', tradeAmt: 100, expireDate: '2030-02-30' }, /real date/],
    ])('ATM %o', async (req, msg) => {
      const before = sim.sim.trades.size;
      await expect(gw.atm({ ...base, ...req })).rejects.toThrow(msg);
      expect(sim.sim.trades.size).toBe(before);
    });

    it('CVS limits: 30–20 000 and ExpireDate ≤ +7 days', async () => {
      await expect(gw.cvs({ ...base, merTradeNo: 'ok', tradeAmt: 29 })).rejects.toMatchObject({ code: 'VALIDATION' });
      await expect(gw.cvs({ ...base, merTradeNo: 'ok', tradeAmt: 20_001 })).rejects.toMatchObject({ code: 'VALIDATION' });
      await expect(gw.cvs({ ...base, merTradeNo: 'ok', tradeAmt: 100, expireDate: taipeiDate(new Date(), 8) })).rejects.toThrow(/7 days/);
      await expect(gw.cvs({ ...base, merTradeNo: tradeNo(), tradeAmt: 100, expireDate: taipeiDate(new Date(), 7) })).resolves.toBeDefined();
    });

    it('card limits and NotifyURL ports on a real gateway', () => {
      expect(() => gw.uppForm({ merTradeNo: 'ok', tradeAmt: 200_000, prodDesc: 'x', returnUrl: 'https://s/r', notifyUrl: 'https://s/n' })).toThrow(/1–199999/);
      const real = new HttpPayuniGateway({ apiUrl: 'https://gateway.example', merId: MER, hashKey: KEY, hashIv: IV });
      expect(() => real.uppForm({ merTradeNo: 'ok', tradeAmt: 100, prodDesc: 'x', returnUrl: 'https://s/r', notifyUrl: 'https://s:8443/n' })).toThrow(/port 80 or 443/);
      expect(real.uppForm({ merTradeNo: 'ok', tradeAmt: 100, prodDesc: 'x', returnUrl: 'https://s/r', notifyUrl: 'https://s/n' }).go_url).toBe('https://gateway.example/api/upp');
    });
  });

  describe('answers that must be refused and failures', () => {
    const q = () => gw.tradeQuery({ merTradeNo: 'whatever' });

    it('refuses an answer whose HashInfo was tampered with', async () => {
      sim.sim.failNext('tamper');
      await expect(gw.atm({ merTradeNo: tradeNo(), tradeAmt: 100, prodDesc: 'x', bankType: '013', notifyUrl: `${shop.url}/n` })).rejects.toMatchObject({
        code: 'HASH_MISMATCH',
      });
    });

    it('a client with the wrong key is refused (DEF01007), and a wrong MerID is unknown (DEF01005)', async () => {
      const wrongKey = new HttpPayuniGateway({ apiUrl: sim.url, merId: MER, hashKey: 'x'.repeat(32), hashIv: IV });
      await expect(wrongKey.atm({ merTradeNo: tradeNo(), tradeAmt: 100, prodDesc: 'x', bankType: '013', notifyUrl: `${shop.url}/n` })).rejects.toMatchObject({
        code: 'DEF01007',
        retryable: false,
      });
      await expect(new HttpPayuniGateway({ apiUrl: sim.url, merId: MER, hashKey: KEY, hashIv: 'y'.repeat(16) }).tradeQuery({ merTradeNo: 'a' })).rejects.toMatchObject({
        code: 'QUERY01002',
      });
      await expect(new HttpPayuniGateway({ apiUrl: sim.url, merId: 'OTHER', hashKey: KEY, hashIv: IV }).tradeQuery({ merTradeNo: 'a' })).rejects.toMatchObject({
        code: 'DEF01005',
      });
    });

    it('maps outages, HTTP errors, timeouts, broken answers and network errors to typed errors', async () => {
      sim.sim.simulateOutage(200);
      await expect(q()).rejects.toMatchObject({ code: 'HTTP_ERROR', httpStatus: 503, retryable: true });
      await new Promise((r) => setTimeout(r, 220));
      sim.sim.failNext('http500');
      await expect(q()).rejects.toMatchObject({ code: 'HTTP_ERROR', httpStatus: 500, retryable: true });
      sim.sim.failNext('badJson');
      await expect(q()).rejects.toMatchObject({ code: 'BAD_RESPONSE', retryable: false });
      sim.sim.failNext({ code: 'QUERY03002', message: '系統忙碌' });
      await expect(q()).rejects.toMatchObject({ code: 'QUERY03002', message: 'QUERY03002: 系統忙碌' });
      sim.sim.failNext('dropConnection');
      await expect(q()).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
      sim.sim.failNext('timeout');
      const impatient = new HttpPayuniGateway({ apiUrl: sim.url, merId: MER, hashKey: KEY, hashIv: IV, timeoutMs: 200 });
      await expect(impatient.tradeQuery({ merTradeNo: 'a' })).rejects.toMatchObject({ code: 'TIMEOUT', retryable: true });
      const closed = new HttpPayuniGateway({ apiUrl: 'http://127.0.0.1:9', merId: MER, hashKey: KEY, hashIv: IV });
      const err = await closed.tradeQuery({ merTradeNo: 'a' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PayuniError);
      expect(err).toMatchObject({ code: 'NETWORK', retryable: true });
    });

    it('the simulator also accepts multipart bodies (PHP SDK) and answers envelope errors per API', async () => {
      const env = sealEnvelope(MER, '2.0', { MerID: MER, MerTradeNo: 'none', Timestamp: 1 }, KEY, IV);
      const fd = new FormData();
      for (const [k, v] of Object.entries(env)) fd.append(k, v);
      const r = (await (await fetch(`${sim.url}/api/trade/query`, { method: 'POST', body: fd })).json()) as Record<string, string>;
      expect(r.Status).toBe('QUERY03001');
      const missing = (await (await fetch(`${sim.url}/api/atm`, { method: 'POST', body: new URLSearchParams({ MerID: MER, Version: '1.3' }) })).json()) as Record<string, string>;
      expect(missing.Status).toBe('API00004');
      const noVersion = (await (await fetch(`${sim.url}/api/atm`, { method: 'POST', body: new URLSearchParams({ MerID: MER }) })).json()) as Record<string, string>;
      expect(noVersion.Status).toBe('API00002');
      const garbled = { MerID: MER, Version: '1.3', EncryptInfo: 'abcd', HashInfo: hashInfo('abcd', KEY, IV) };
      const dec = (await (await fetch(`${sim.url}/api/atm`, { method: 'POST', body: new URLSearchParams(garbled) })).json()) as Record<string, string>;
      expect(dec.Status).toBe('DEF01002');
    });
  });

  describe('UPP (card, 3-D Secure) and callbacks', () => {
    async function openUpp(no: string, amt = 1880) {
      const form = gw.uppForm({ merTradeNo: no, tradeAmt: amt, prodDesc: '玫瑰精華液 30ml', usrMail: 'a@example.com', returnUrl: `${shop.url}/return`, notifyUrl: `${shop.url}/notify` });
      expect(form.go_url).toBe(`${sim.url}/api/upp`);
      expect(Object.keys(form.body).sort()).toEqual(['EncryptInfo', 'HashInfo', 'MerID', 'Version']);
      expect(form.body).toMatchObject({ MerID: MER, Version: '2.0' });
      const res = await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) });
      return { res, html: await res.text(), form };
    }

    it('UPP form → 模擬付款 page → 付款成功 → signed notify and ReturnURL post that parseCallback accepts', async () => {
      const no = tradeNo('U');
      const { res, html } = await openUpp(no);
      expect(res.status).toBe(200);
      expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
      expect(html).toContain('模擬付款');
      expect(html).toContain('NT$ 1,880');
      expect(html).toContain(no);
      expect(html).not.toMatch(/<(link|img)\b|src=/);
      const decide = formOf(html);
      const back = await fetch(new URL(decide.action, sim.url), { method: 'POST', body: new URLSearchParams({ ...decide.fields, outcome: 'paid' }) });
      const backHtml = await back.text();
      // Browser goes back to ReturnURL with the signed form (auto-submit).
      const ret = formOf(backHtml, 'back');
      expect(ret.action).toBe(`${shop.url}/return`);
      // No inline script (the app's CSP): a same-origin script submits the form.
      expect(backHtml).not.toMatch(/<script>/);
      const js = /<script src="([^"]+)"><\/script>/.exec(backHtml)?.[1] as string;
      expect(await (await fetch(new URL(js, sim.url))).text()).toContain('.submit()');
      const shown = gw.parseCallback(ret.fields);
      expect(shown).toMatchObject({ merTradeNo: no, tradeStatus: 1, tradeAmt: 1880, paymentType: 1 });

      await shop.waitFor(1);
      expect(shop.posts[0].path).toBe('/notify');
      const cb = gw.parseCallback(shop.posts[0].form);
      expect(cb).toMatchObject({ status: 'SUCCESS', version: '2.0', merTradeNo: no, tradeAmt: 1880, tradeStatus: 1, paymentType: 1, card4No: '4242' });
      expect(cb.authCode).toMatch(/^\d{6}$/);

      // Card follow-ups: capture, partial refund, and the query reflects them.
      await expect(gw.tradeClose({ tradeNo: cb.tradeNo as string, closeType: 1, tradeAmt: 1880 })).resolves.toMatchObject({ closeType: 1 });
      await gw.tradeClose({ tradeNo: cb.tradeNo as string, closeType: 2, tradeAmt: 500 });
      await expect(gw.tradeClose({ tradeNo: cb.tradeNo as string, closeType: 2, tradeAmt: 1381 })).rejects.toMatchObject({ code: 'CLOSE03004' });
      expect((await gw.tradeQuery({ merTradeNo: no })).trades[0]).toMatchObject({ tradeStatus: 1, paymentType: 1, closeStatus: 2, refundAmt: 500 });
      await expect(gw.tradeCancel({ tradeNo: cb.tradeNo as string })).rejects.toMatchObject({ code: 'CANCEL03002' });
    });

    it('voids an authorised card trade before capture; 付款失敗 notifies TradeStatus 2', async () => {
      const paid = tradeNo('V');
      await openUpp(paid, 100);
      await sim.sim.settle(paid, 'paid');
      const cb = gw.parseCallback(shop.posts[0].form);
      await expect(gw.tradeCancel({ tradeNo: cb.tradeNo as string })).resolves.toMatchObject({ tradeNo: cb.tradeNo });
      expect((await gw.tradeQuery({ merTradeNo: paid })).trades[0]).toMatchObject({ tradeStatus: 3 });

      const failed = tradeNo('F');
      const { html } = await openUpp(failed, 100);
      const decide = formOf(html);
      await fetch(new URL(decide.action, sim.url), { method: 'POST', body: new URLSearchParams({ ...decide.fields, outcome: 'failed' }) });
      await shop.waitFor(2);
      expect(gw.parseCallback(shop.posts[1].form)).toMatchObject({ merTradeNo: failed, tradeStatus: 2 });
    });

    it('refuses a reused MerTradeNo on the UPP page (UPP01007) and a bad hash (UPP01003)', async () => {
      const no = tradeNo('D');
      await openUpp(no);
      const again = await openUpp(no);
      expect(again.res.status).toBe(400);
      expect(again.html).toContain('UPP01007');
      const form = gw.uppForm({ merTradeNo: tradeNo(), tradeAmt: 10, prodDesc: 'x', returnUrl: `${shop.url}/r`, notifyUrl: `${shop.url}/n` });
      const bad = await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body, HashInfo: '0'.repeat(64) }) });
      expect(await bad.text()).toContain('UPP01003');
    });

    it('works mounted under a path of another Express app (the embedded default)', async () => {
      const app = express();
      app.use('/payuni-sim', createPayuniSimulator({ ...SIM_CREDENTIALS, notifyRetryDelaysMs: [] }));
      const server = await new Promise<Server>((r) => {
        const s: Server = app.listen(0, '127.0.0.1', () => r(s));
      });
      try {
        const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payuni-sim`;
        const mounted = new HttpPayuniGateway({ apiUrl: `${root}/api/`, merId: MER, hashKey: KEY, hashIv: IV });
        const no = tradeNo('M');
        await mounted.cvs({ merTradeNo: no, tradeAmt: 100, prodDesc: 'x', notifyUrl: `${shop.url}/n` });
        const form = mounted.uppForm({ merTradeNo: tradeNo('M'), tradeAmt: 100, prodDesc: 'x', returnUrl: `${shop.url}/r`, notifyUrl: `${shop.url}/n`, backUrl: `${shop.url}/cart?a=1&b=2` });
        expect(form.go_url).toBe(`${root}/api/upp`);
        const html = await (await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) })).text();
        expect(formOf(html).action).toBe('/payuni-sim/sim/decide');
        expect(html).toContain(`href="${shop.url}/cart?a=1&amp;b=2"`);
        expect(await (await fetch(`${root}/sim`)).text()).toContain(`/payuni-sim/sim/pay?MerTradeNo=${no}`);
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    });

    it('autoSubmitFormHtml escapes values and can use a same-origin script', () => {
      const html = autoSubmitFormHtml({ go_url: 'https://g.example/api/upp?a=1&b="2"', body: { MerID: 'S"<x>' } }, { scriptSrc: '/static/autosubmit.js' });
      expect(html).toContain('action="https://g.example/api/upp?a=1&amp;b=&quot;2&quot;"');
      expect(html).toContain('value="S&quot;&lt;x&gt;"');
      expect(html).toContain('<script src="/static/autosubmit.js"></script>');
      expect(formOf(html).fields).toEqual({ MerID: 'S"<x>' });
    });

    it('parseCallback refuses a tampered notify, another MerID, an undecryptable body and missing fields', () => {
      const inner = { MerID: MER, MerTradeNo: 'X1', TradeAmt: 100, TradeStatus: 1, Status: 'SUCCESS' };
      const good = { Status: 'SUCCESS', ...sealEnvelope(MER, '1.0', inner, KEY, IV) };
      expect(gw.parseCallback(good)).toMatchObject({ merTradeNo: 'X1', tradeAmt: 100, tradeStatus: 1 });

      const forged = encryptInfo({ ...inner, TradeAmt: 1 }, KEY, IV);
      const reject = (form: Record<string, string>) => {
        try {
          gw.parseCallback(form);
        } catch (e) {
          expect(e).toBeInstanceOf(PayuniCallbackError);
          return (e as PayuniCallbackError).reason;
        }
        throw new Error('accepted');
      };
      expect(reject({ ...good, EncryptInfo: forged })).toBe('bad_hash');
      expect(reject({ ...good, HashInfo: good.HashInfo.toLowerCase().replace(/^./, 'f') })).toBe('bad_hash');
      expect(reject({ ...good, MerID: 'OTHER' })).toBe('wrong_merid');
      expect(reject({ ...sealEnvelope(MER, '1.0', { ...inner, MerID: 'OTHER' }, KEY, IV) })).toBe('wrong_merid');
      expect(reject({ MerID: MER, Version: '1.0', EncryptInfo: '6162', HashInfo: hashInfo('6162', KEY, IV) })).toBe('undecryptable');
      expect(reject({ MerID: MER, Version: '1.0' })).toBe('missing_fields');
    });
  });
  describe('7-ELEVEN store map (logistics/ship_map 1.1)', () => {
    const mapForm = (over: Partial<Parameters<HttpPayuniGateway['shipMapForm']>[0]> = {}) =>
      gw.shipMapForm({ merKeyNo: tradeNo('K'), lgsType: 'C2C', goodsType: 1, mapType: 1, mapReturnUrl: `${shop.url}/map-return?m=1`, mobile: false, ...over });

    it('builds the signed form with the documented inner fields', () => {
      const form = mapForm({ merKeyNo: 'MAP123', mobile: true, mapType: 2 });
      expect(form.go_url).toBe(`${sim.url}/api/logistics/ship_map`);
      expect(form.body).toMatchObject({ MerID: MER, Version: '1.1' });
      expect(form.body.HashInfo).toBe(hashInfo(form.body.EncryptInfo, KEY, IV));
      const inner = Object.fromEntries(new URLSearchParams(decryptQuery(form.body.EncryptInfo, KEY, IV)));
      expect(inner).toEqual({
        MerID: MER,
        MerKeyNo: 'MAP123',
        GoodsType: '1',
        LgsType: 'C2C',
        ShipType: '1',
        MapType: '2',
        Tag: '2',
        MapReturnURL: `${shop.url}/map-return?m=1`,
        MobileTag: 'Y',
        Timestamp: expect.stringMatching(/^\d{10}$/),
      });
    });

    it('refuses bad input before any browser is sent', () => {
      expect(() => mapForm({ merKeyNo: 'x'.repeat(21) })).toThrow(PayuniError);
      expect(() => mapForm({ merKeyNo: 'a b' })).toThrow(/MerKeyNo/);
      expect(() => mapForm({ mapReturnUrl: 'javascript:alert(1)' })).toThrow(/MapReturnURL/);
      expect(() => mapForm({ lgsType: 'HOME' as 'C2C' })).toThrow(/LgsType/);
    });

    it('a browser URL on the shop (embedded simulator) becomes absolute with the request origin', () => {
      const embedded = new HttpPayuniGateway({ apiUrl: sim.url, browserUrl: '/sim/payuni', merId: MER, hashKey: KEY, hashIv: IV });
      const form = embedded.shipMapForm({ merKeyNo: 'K1', lgsType: 'C2C', goodsType: 1, mapType: 1, mapReturnUrl: `${shop.url}/r`, mobile: false, origin: 'http://shop.test:8080' });
      expect(form.go_url).toBe('http://shop.test:8080/sim/payuni/api/logistics/ship_map');
      expect(embedded.shipMapForm({ merKeyNo: 'K2', lgsType: 'C2C', goodsType: 1, mapType: 1, mapReturnUrl: `${shop.url}/r`, mobile: false }).go_url).toBe(
        '/sim/payuni/api/logistics/ship_map',
      );
      expect(embedded.uppForm({ merTradeNo: tradeNo(), tradeAmt: 10, prodDesc: 'x', returnUrl: `${shop.url}/r`, notifyUrl: `${shop.url}/n`, origin: 'http://shop.test' }).go_url).toBe(
        'http://shop.test/sim/payuni/api/upp',
      );
    });

    it('form → 模擬 7-11 門市地圖 → a store → signed post to MapReturnURL that parseMapReturn reads', async () => {
      const form = mapForm({ mobile: true });
      const res = await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain('模擬 7-11 門市地圖');
      expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
      expect(html).not.toMatch(/<script>/);
      expect(html).toContain('北車站門市');
      expect(html).not.toContain('澎湖'); // MapType 1: main island only
      const pick = formOf(html);
      expect(pick.fields).toEqual({ MerKeyNo: expect.any(String), StoreID: '241610' });
      const back = await (await fetch(new URL(pick.action, sim.url), { method: 'POST', body: new URLSearchParams(pick.fields) })).text();
      expect(back).not.toMatch(/<script>/);
      expect(back).toMatch(/<script src="[^"]*\/sim\/autosubmit\.js"><\/script>/);
      expect(back).toContain('測試用門市');
      const ret = formOf(back);
      expect(ret.action).toBe(`${shop.url}/map-return?m=1`);
      expect(Object.keys(ret.fields).sort()).toEqual(['EncryptInfo', 'HashInfo', 'MerID', 'Status', 'Version']);
      expect(gw.parseMapReturn(ret.fields)).toMatchObject({
        storeId: '241610',
        storeName: '北車站門市',
        storeAddr: '台北市中正區忠孝西路一段49號',
        storeType: 'UNIMART',
        insularArea: 'N',
        merKeyNo: pick.fields.MerKeyNo,
      });
      // The request is used up: picking again is refused.
      expect((await fetch(new URL(pick.action, sim.url), { method: 'POST', body: new URLSearchParams(pick.fields) })).status).toBe(404);
    });

    it('MapType 2 lists the offshore store, with InsularArea Y', async () => {
      const form = mapForm({ mapType: 2 });
      const html = await (await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) })).text();
      expect(html).toContain('澎湖馬公門市');
      const key = formOf(html).fields.MerKeyNo;
      expect(gw.parseMapReturn({ ...sim.sim.mapReturnFields(key, '950284') })).toMatchObject({ storeId: '950284', insularArea: 'Y', storeAddr: '澎湖縣馬公市中正路12號' });
    });

    it('the map page refuses a bad hash and bad fields; parseMapReturn refuses tampering', async () => {
      const form = mapForm();
      const bad = await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body, HashInfo: '0'.repeat(64) }) });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('DEF01007');
      const wrong = sealEnvelope(MER, '1.1', { MerID: MER, MerKeyNo: 'K', GoodsType: 1, LgsType: 'C2C', ShipType: 2, MapType: 1, MapReturnURL: `${shop.url}/r` }, KEY, IV);
      expect(await (await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...wrong }) })).text()).toContain('ShipType');

      const html = await (await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) })).text();
      const good: Record<string, string> = { ...sim.sim.mapReturnFields(formOf(html).fields.MerKeyNo, '203512') };
      const reason = (f: Record<string, string>) => {
        try {
          gw.parseMapReturn(f);
        } catch (e) {
          expect(e).toBeInstanceOf(PayuniCallbackError);
          return (e as PayuniCallbackError).reason;
        }
        return 'accepted';
      };
      expect(reason(good)).toBe('accepted');
      const forged = encryptInfo({ Status: 'SUCCESS', MerID: MER, MapJson: JSON.stringify({ StoreID: '999999', StoreName: 'x', Address: 'y' }) }, KEY, IV);
      expect(reason({ ...good, EncryptInfo: forged })).toBe('bad_hash');
      expect(reason({ ...good, MerID: 'OTHER' })).toBe('wrong_merid');
      expect(reason({ ...sealEnvelope(MER, '1.1', { Status: 'LGS03001', MerID: MER, Message: 'x' }, KEY, IV) })).toBe('refused');
      expect(reason({ ...sealEnvelope(MER, '1.1', { Status: 'SUCCESS', MerID: MER, MapJson: '{"StoreID":"12"}' }, KEY, IV) })).toBe('missing_fields');
      expect(reason({ ...sealEnvelope(MER, '1.1', { Status: 'SUCCESS', MerID: MER }, KEY, IV) })).toBe('missing_fields');
    });
  });
});

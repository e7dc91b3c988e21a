import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consigneeNameOk, HttpPayuniGateway } from './payuni-client';
import { decryptInfo, sealEnvelope } from './payuni-crypto';
import { PayuniCallbackError, PayuniError } from './payuni-gateway';
import { shipStatusKind, type HomeShipmentRequest, type StoreShipmentRequest } from './payuni-logistics';
import { RunningPayuniSimulator, SIM_CREDENTIALS, startPayuniSimulator } from './simulators/payuni-simulator';

const { merId: MER, hashKey: KEY, hashIv: IV } = SIM_CREDENTIALS;

/** A shop endpoint that records the status notifies (form posts). */
async function startShop(): Promise<{ url: string; posts: URLSearchParams[]; close(): Promise<void> }> {
  const posts: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('OK');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function formOf(html: string): { action: string; fields: Record<string, string> } {
  const unesc = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const m = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!m) throw new Error('no form');
  const fields: Record<string, string> = {};
  for (const i of m[2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unesc(i[1])] = unesc(i[2]);
  return { action: unesc(m[1]), fields };
}

let n = 0;
const mer = () => `LG${Date.now().toString(36)}${++n}`;

const store = (over: Partial<StoreShipmentRequest> = {}): StoreShipmentRequest => ({
  merTradeNo: mer(),
  lgsType: 'C2C',
  goodsType: 1,
  tradeAmt: 1280,
  serviceType: 1,
  storeId: '241610',
  consignee: '陳美麗',
  consigneeMobile: '0911222333',
  refundStoreId: '155139',
  senderName: '肌研舍',
  senderMobile: '0912345678',
  ...over,
});

const home = (over: Partial<HomeShipmentRequest> = {}): HomeShipmentRequest => ({
  merTradeNo: mer(),
  goodsType: 1,
  tradeAmt: 1280,
  serviceType: 3,
  deliveryTimeTag: '04',
  consignee: '陳美麗',
  consigneeMobile: '0911222333',
  consigneeAddress: '100臺北市中正區重慶南路一段122號',
  prodDesc: '保養品一批',
  ...over,
});

describe('PAYUNi logistics client against the local simulator (real HTTP)', () => {
  let running: RunningPayuniSimulator;
  let client: HttpPayuniGateway;
  let shop: Awaited<ReturnType<typeof startShop>>;

  beforeAll(async () => {
    running = await startPayuniSimulator({ notifyRetryDelaysMs: [10] });
    client = new HttpPayuniGateway({ apiUrl: running.url, merId: MER, hashKey: KEY, hashIv: IV });
    shop = await startShop();
    running.sim.setStatusNotifyUrl(`${shop.url}/api/logistics/payuni/notify`);
  });
  afterAll(async () => {
    await running?.close();
    await shop?.close();
  });

  it('creates a 7-11 C2C shipment (logistics/trade 1.3) with the documented inner fields', async () => {
    const req = store();
    const r = await client.createStoreShipment(req);
    expect(r.shipTradeNo).toMatch(/^CV\d+/);
    expect(r.partnerId).toMatch(/^\d{9}$/);
    expect(r.storeName).toBe('北車站門市');
    const sh = running.sim.shipments.get(r.shipTradeNo)!;
    expect(sh).toMatchObject({ merTradeNo: req.merTradeNo, lgsType: 'C2C', serviceType: '1', tradeAmt: 1280, storeId: '241610', shipStatus: '91' });
  });

  it('creates a T-cat shipment (home_delivery/trade 1.2) and queries it (logistics/query 1.1)', async () => {
    const r = await client.createHomeShipment(home());
    expect(r.shipTradeNo).toMatch(/^HM\d+/);
    const q = await client.queryShipment({ lgsType: 'HOME', shipTradeNo: r.shipTradeNo });
    expect(q).toMatchObject({ shipTradeNo: r.shipTradeNo, lgsType: 'HOME', shipStatus: '91' });
    expect(q.fileNo).toBeTruthy();
    await expect(client.queryShipment({ lgsType: 'HOME', shipTradeNo: 'NOPE123' })).rejects.toMatchObject({ code: 'LGSQ03001' });
  });

  it('cancels a shipment not handed over yet (logistics/cancel): ShipStatus 41 at the simulator; once sent it is refused', async () => {
    const r = await client.createHomeShipment(home());
    await expect(client.cancelShipment({ lgsType: 'HOME', shipTradeNo: r.shipTradeNo })).resolves.toMatchObject({ shipTradeNo: r.shipTradeNo });
    expect(running.sim.shipments.get(r.shipTradeNo)!.shipStatus).toBe('41');
    expect((await client.queryShipment({ lgsType: 'HOME', shipTradeNo: r.shipTradeNo })).shipStatus).toBe('41');
    const sent = await client.createStoreShipment(store());
    await running.sim.advanceShipment(sent.shipTradeNo, '21');
    await expect(client.cancelShipment({ lgsType: 'C2C', shipTradeNo: sent.shipTradeNo })).rejects.toMatchObject({ code: 'LGSC03002' });
    expect(running.sim.shipments.get(sent.shipTradeNo)!.shipStatus).toBe('21');
    await expect(client.cancelShipment({ lgsType: 'C2C', shipTradeNo: 'NOPE123' })).rejects.toMatchObject({ code: 'LGSC03001' });
  });

  it('a repeated home MerTradeNo is HOME01092 naming the shipment already made', async () => {
    const req = home();
    const first = await client.createHomeShipment(req);
    const err = (await client.createHomeShipment(req).catch((e: unknown) => e)) as PayuniError & { fields?: Record<string, string> };
    expect(err).toBeInstanceOf(PayuniError);
    expect(err.code).toBe('HOME01092');
    expect(err.fields?.ShipTradeNo).toBe(first.shipTradeNo);
  });

  it('a lost answer leaves the shipment made: the retry meets HOME01092', async () => {
    const req = home();
    running.sim.failNext('lostAnswer');
    await expect(client.createHomeShipment(req)).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
    const again = (await client.createHomeShipment(req).catch((e: unknown) => e)) as PayuniError & { fields?: Record<string, string> };
    expect(again.code).toBe('HOME01092');
    expect(running.sim.shipments.get(again.fields!.ShipTradeNo)?.merTradeNo).toBe(req.merTradeNo);
  });

  it('refuses bad requests before sending, and the simulator refuses them too', async () => {
    await expect(client.createStoreShipment(store({ consignee: '王' }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createStoreShipment(store({ consigneeMobile: '0211222333' }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createStoreShipment(store({ storeId: '12345' }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createStoreShipment(store({ tradeAmt: 20_001 }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createStoreShipment(store({ senderMobile: undefined }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createHomeShipment(home({ tradeAmt: 29 }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createHomeShipment(home({ prodDesc: '一二三四五六七八九十一二三四五六七八九十一' }))).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(client.createHomeShipment(home({ consigneeAddress: 'x'.repeat(121) }))).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(running.sim.shipments.size).toBeGreaterThan(0);
    // The simulator's own checks (a hand-made envelope that skips the client's).
    const inner = { MerID: MER, MerTradeNo: mer(), GoodsType: 1, LgsType: 'HOME', ShipType: 2, TradeAmt: 10, ServiceType: 3, DeliveryTimeTag: '04', Consignee: '陳美麗', ConsigneeMobile: '0911222333', ConsigneeAddress: 'x', ProdDesc: 'y', Timestamp: 1 };
    const res = await fetch(`${running.url}/api/home_delivery/trade`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...sealEnvelope(MER, '1.2', inner, KEY, IV) }).toString(),
    });
    const body = (await res.json()) as { Status: string };
    expect(body.Status).toBe('HOME02009');
  });

  it('consignee names: 2–5 CJK or 4–10 Latin letters', () => {
    expect(consigneeNameOk('陳美麗')).toBe(true);
    expect(consigneeNameOk('王')).toBe(false);
    expect(consigneeNameOk('歐陽美麗華人')).toBe(false);
    expect(consigneeNameOk('Mary Chen')).toBe(true);
    expect(consigneeNameOk('Amy')).toBe(false);
  });

  it('advancing a shipment posts a signed status notify that parseStatusNotify reads; queries follow', async () => {
    const r = await client.createStoreShipment(store());
    shop.posts.length = 0;
    const sent = await running.sim.advanceShipment(r.shipTradeNo);
    expect(sent?.status).toBe(200);
    expect(shop.posts).toHaveLength(1);
    const s1 = client.parseStatusNotify(shop.posts[0]);
    expect(s1).toMatchObject({ shipTradeNo: r.shipTradeNo, lgsType: 'C2C', shipStatus: '21' });
    expect(s1.shipStatusTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(s1.raw.ApiType).toBe('ShipStatus');
    await running.sim.advanceShipment(r.shipTradeNo); // 31
    await running.sim.advanceShipment(r.shipTradeNo); // 32 at store
    const s3 = client.parseStatusNotify(shop.posts[2]);
    expect(s3.shipStatus).toBe('32');
    expect(shipStatusKind(s3.shipStatus)).toBe('at-store');
    expect((await client.queryShipment({ lgsType: 'C2C', shipTradeNo: r.shipTradeNo })).shipStatus).toBe('32');
    await running.sim.advanceShipment(r.shipTradeNo, '11');
    expect(shipStatusKind(client.parseStatusNotify(shop.posts[3]).shipStatus)).toBe('picked-up');
  });

  it('parseStatusNotify refuses a tampered post, another MerID and missing fields', async () => {
    const r = await client.createHomeShipment(home());
    shop.posts.length = 0;
    await running.sim.advanceShipment(r.shipTradeNo);
    const good = shop.posts[0];
    const tampered = new URLSearchParams(good);
    tampered.set('HashInfo', 'A'.repeat(64));
    expect(() => client.parseStatusNotify(tampered)).toThrow(PayuniCallbackError);
    const other = new HttpPayuniGateway({ apiUrl: running.url, merId: 'OTHER', hashKey: KEY, hashIv: IV });
    expect(() => other.parseStatusNotify(good)).toThrow(PayuniCallbackError);
    const inner = decryptInfo(good.get('EncryptInfo')!, KEY, IV) as Record<string, string>;
    expect(inner).toMatchObject({ ApiType: 'ShipStatus', LgsType: 'HOME' });
    expect(inner.OBTNumber).toMatch(/^\d{12}$/);
    const empty = sealEnvelope(MER, '1.0', { MerID: MER, Status: 'SUCCESS', ApiType: 'ShipStatus' }, KEY, IV);
    expect(() => client.parseStatusNotify({ ...empty })).toThrow(expect.objectContaining({ reason: 'missing_fields' }));
  });

  it('the T-cat label form (get_obt_number_pdf 1.0) opens the simulated label page; bad shipments are refused', async () => {
    const r = await client.createHomeShipment(home());
    const form = client.homeLabelForm({ shipTradeNo: r.shipTradeNo, shipDate: '2026-11-27', deliveryDate: '2026-11-30', spec: '1' });
    expect(form.go_url).toBe(`${running.url}/api/home_delivery/get_obt_number_pdf`);
    expect(form.body.Version).toBe('1.0');
    expect(decryptInfo(form.body.EncryptInfo, KEY, IV)).toMatchObject({ ShipTradeNo: r.shipTradeNo, ShipDate: '2026-11-27', DeliveryDate: '2026-11-30', Spec: '1' });
    const page = await fetch(form.go_url, { method: 'POST', body: new URLSearchParams({ ...form.body }) });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('模擬黑貓託運單');
    expect(html).toContain(running.sim.shipments.get(r.shipTradeNo)!.obtNumber!);
    expect(() => client.homeLabelForm({ shipTradeNo: r.shipTradeNo, shipDate: '2026-11-30', deliveryDate: '2026-11-27', spec: '1' })).toThrow(PayuniError);
    expect(() => client.homeLabelForm({ shipTradeNo: r.shipTradeNo, shipDate: '2026-11-27', deliveryDate: '2026-11-30', spec: '5' })).toThrow(PayuniError);
    const unknown = client.homeLabelForm({ shipTradeNo: 'HM0000', shipDate: '2026-11-27', deliveryDate: '2026-11-30', spec: '1' });
    expect((await fetch(unknown.go_url, { method: 'POST', body: new URLSearchParams({ ...unknown.body }) })).status).toBe(404);
  });

  it('the 模擬物流 page lists shipments and its buttons advance them', async () => {
    const r = await client.createStoreShipment(store());
    const list = await (await fetch(`${running.url}/sim/shipments`)).text();
    expect(list).toContain('模擬物流');
    expect(list).toContain(r.shipTradeNo);
    const done = await fetch(`${running.url}/sim/shipments/advance`, { method: 'POST', body: new URLSearchParams({ ShipTradeNo: r.shipTradeNo, ShipStatus: '32' }) });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('已通知商店');
    expect(running.sim.shipments.get(r.shipTradeNo)!.shipStatus).toBe('32');
    const form = formOf(list);
    expect(form.action).toBe('/sim/shipments/advance');
  });
});

import express from 'express';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { AmegoClient } from './amego-client';
import { amegoForm, amegoSign, companyTaxSplit } from './amego-protocol';
import { AmegoError, InvoiceRequest, InvoiceValidationError } from './invoice-gateway';
import { createAmegoSimulator, startAmegoSimulator, StartedAmegoSimulator } from './simulators/amego-simulator';

const TAX_ID = '12345675';
const APP_KEY = 'abcdef0123456789abcdef0123456789';
const FIXED_NOW = Date.UTC(2026, 10, 24, 7, 0, 0); // 2026-11-24 15:00 Taipei, period Nov–Dec

const items = [
  { description: '玻尿酸保濕精華 30ml', quantity: 2, unitPrice: 580, amount: 1160 },
  { description: '運費', quantity: 1, unitPrice: 60, amount: 60 },
];
const base = { orderId: 'SS20261124000001', buyerName: '王小明', buyerEmail: 'ming@example.com', items, total: 1220 };

describe('Amego sign', () => {
  it('is lower-hex md5(data + time + appKey) on a fixed vector', () => {
    const data = '{"OrderId":"A20260001","BuyerName":"王小明"}';
    // Computed outside the code under test: printf '%s' "$data$time$key" | md5sum
    expect(amegoSign(data, 1764000000, APP_KEY)).toBe('61773377999fe7018e80eeb91e1e8f49');
    expect(amegoSign(data, '1764000000', APP_KEY)).toBe(createHash('md5').update(Buffer.from(data + '1764000000' + APP_KEY, 'utf8')).digest('hex'));
    // Empty-data endpoints sign over "".
    expect(amegoSign('', 1764000000, 'sim-key')).toBe('3a8582fdbcdf525c805e67b85e219b8a');
  });

  it('builds the four form fields with a 10-digit time and unescaped UTF-8 JSON', () => {
    const form = amegoForm(TAX_ID, { BuyerName: '王小明', Url: 'a/b' }, APP_KEY, 1764000000123);
    expect(form).toEqual({
      invoice: TAX_ID,
      data: '{"BuyerName":"王小明","Url":"a/b"}',
      time: '1764000000',
      sign: amegoSign('{"BuyerName":"王小明","Url":"a/b"}', '1764000000', APP_KEY),
    });
  });
});

describe('company tax split (PROVIDERS.md §5: round(total / 1.05), tax = the rest)', () => {
  it.each([
    [1, 1, 0],
    [10, 10, 0],
    [11, 10, 1],
    [99, 94, 5],
    [168, 160, 8], // the official example: 170 − 2 = 168 → 160 + 8
    [1001, 953, 48],
    [12345, 11757, 588],
    [999999, 952380, 47619],
  ])('%i → %i + %i', (total, sales, tax) => {
    expect(companyTaxSplit(total)).toEqual({ salesAmount: sales, taxAmount: tax });
  });

  it('always adds up and matches half-up rounding for every total to 50000', () => {
    for (let t = 1; t <= 50000; t++) {
      const { salesAmount, taxAmount } = companyTaxSplit(t);
      expect(salesAmount + taxAmount).toBe(t);
      // 21 ∤ 20t + 10.5·21 …: compare against exact rational rounding in integers.
      const lo = Math.floor((t * 20) / 21);
      const rem = t * 20 - lo * 21; // t·20/21 = lo + rem/21
      expect(salesAmount).toBe(rem * 2 >= 21 ? lo + 1 : lo);
    }
  });
});

describe('AmegoClient against the local Amego simulator (real HTTP on 127.0.0.1)', () => {
  let sim: StartedAmegoSimulator;
  let client: AmegoClient;
  beforeAll(async () => {
    sim = await startAmegoSimulator({ taxId: TAX_ID, appKey: APP_KEY, now: () => FIXED_NOW });
    client = new AmegoClient({ apiUrl: sim.url + '/', taxId: TAX_ID, appKey: APP_KEY, now: () => FIXED_NOW });
  });
  afterAll(async () => sim.close());
  beforeEach(() => sim.reset());

  const lastData = () => JSON.parse(sim.calls.at(-1)!.data) as unknown;

  it('issues a personal invoice to the amego member carrier (the e-mail)', async () => {
    const r = await client.issue({ ...base, kind: 'personal', carrier: { type: 'amego' } });
    expect(r).toMatchObject({ orderId: base.orderId, alreadyIssued: false, invoiceTime: Math.floor(FIXED_NOW / 1000) });
    expect(r.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(r.invoiceNumber.endsWith('00000001')).toBe(true);
    expect(r.randomNumber).toMatch(/^\d{4}$/);
    expect(sim.calls.at(-1)!.path).toBe('/json/f0401');
    expect(lastData()).toEqual({
      OrderId: 'SS20261124000001',
      BuyerIdentifier: '0000000000',
      BuyerName: '王小明',
      BuyerEmailAddress: 'ming@example.com',
      CarrierType: 'amego',
      CarrierId1: 'ming@example.com',
      CarrierId2: 'ming@example.com',
      ProductItem: [
        { Description: '玻尿酸保濕精華 30ml', Quantity: 2, UnitPrice: 580, Amount: 1160, Unit: '', Remark: '', TaxType: 1 },
        { Description: '運費', Quantity: 1, UnitPrice: 60, Amount: 60, Unit: '', Remark: '', TaxType: 1 },
      ],
      SalesAmount: 1220,
      FreeTaxSalesAmount: 0,
      ZeroTaxSalesAmount: 0,
      TaxType: 1,
      TaxRate: '0.05',
      TaxAmount: 0,
      TotalAmount: 1220,
      DetailVat: 1,
    });
    // The raw text is what was signed: UTF-8, not \u-escaped.
    expect(sim.calls.at(-1)!.data).toContain('"BuyerName":"王小明"');
  });

  it('maps the mobile barcode and citizen certificate carriers', async () => {
    await client.issue({ ...base, orderId: 'M1', kind: 'personal', carrier: { type: '3J0002', id: '/ABC+1.-' } });
    expect(lastData()).toMatchObject({ BuyerIdentifier: '0000000000', CarrierType: '3J0002', CarrierId1: '/ABC+1.-', CarrierId2: '/ABC+1.-', SalesAmount: 1220, TaxAmount: 0 });
    expect(lastData()).not.toHaveProperty('NPOBAN');
    await client.issue({ ...base, orderId: 'C1', kind: 'personal', carrier: { type: 'CQ0001', id: 'AB12345678901234' } });
    expect(lastData()).toMatchObject({ CarrierType: 'CQ0001', CarrierId1: 'AB12345678901234', CarrierId2: 'AB12345678901234' });
    expect(sim.invoices.size).toBe(2);
  });

  it('maps a company invoice: tax id, title, sales + 5 % tax split, no carrier', async () => {
    const total = 12345;
    const r = await client.issue({
      ...base,
      orderId: 'B1',
      kind: 'company',
      taxId: '04595257',
      companyName: ' 肌研舍股份有限公司 ',
      items: [{ description: '禮盒', quantity: 5, unitPrice: 2469, amount: total }],
      total,
    });
    expect(r.alreadyIssued).toBe(false);
    const d = lastData() as Record<string, unknown>;
    expect(d).toMatchObject({
      OrderId: 'B1',
      BuyerIdentifier: '04595257',
      BuyerName: '肌研舍股份有限公司',
      BuyerEmailAddress: 'ming@example.com',
      SalesAmount: 11757,
      TaxAmount: 588,
      TotalAmount: 12345,
      TaxType: 1,
      TaxRate: '0.05',
      DetailVat: 1,
      FreeTaxSalesAmount: 0,
      ZeroTaxSalesAmount: 0,
    });
    expect(d).not.toHaveProperty('CarrierType');
    expect(d).not.toHaveProperty('NPOBAN');
  });

  it.each([1, 99, 1001, 12345])('accepts the company split of an awkward total %i', async (total) => {
    await client.issue({
      ...base,
      orderId: `T${total}`,
      kind: 'company',
      taxId: '04595257',
      companyName: '測試公司',
      items: [{ description: '品項', quantity: 1, unitPrice: total, amount: total }],
      total,
    });
    const d = lastData() as { SalesAmount: number; TaxAmount: number; TotalAmount: number };
    expect(d.SalesAmount + d.TaxAmount).toBe(total);
    const split = companyTaxSplit(total);
    expect({ SalesAmount: d.SalesAmount, TaxAmount: d.TaxAmount }).toEqual({ SalesAmount: split.salesAmount, TaxAmount: split.taxAmount });
  });

  it('maps a donation: NPOBAN, consumer id, no carrier', async () => {
    await client.issue({ ...base, orderId: 'D1', kind: 'donation', loveCode: '919' });
    const d = lastData() as Record<string, unknown>;
    expect(d).toMatchObject({ OrderId: 'D1', BuyerIdentifier: '0000000000', NPOBAN: '919', SalesAmount: 1220, TaxAmount: 0, TotalAmount: 1220 });
    expect(d).not.toHaveProperty('CarrierType');
    expect(d).not.toHaveProperty('CarrierId1');
  });

  it('numbers invoices per period in sequence', async () => {
    const a = await client.issue({ ...base, orderId: 'N1', kind: 'personal', carrier: { type: 'amego' } });
    const b = await client.issue({ ...base, orderId: 'N2', kind: 'personal', carrier: { type: 'amego' } });
    expect(b.invoiceNumber.slice(0, 2)).toBe(a.invoiceNumber.slice(0, 2));
    expect(Number(b.invoiceNumber.slice(2))).toBe(Number(a.invoiceNumber.slice(2)) + 1);
  });

  it('treats 3040171 (OrderId used) as already issued and looks the invoice up', async () => {
    const inv: InvoiceRequest = { ...base, orderId: 'R1', kind: 'personal', carrier: { type: 'amego' } };
    const first = await client.issue(inv);
    const again = await client.issue(inv);
    expect(again).toEqual({ ...first, alreadyIssued: true });
    expect(sim.calls.map((c) => [c.path, c.code])).toEqual([
      ['/json/f0401', 0],
      ['/json/f0401', 3040171],
      ['/json/invoice_query', 0],
    ]);
    expect(JSON.parse(sim.calls[2].data)).toEqual({ type: 'order', order_id: 'R1' });
    expect(sim.invoices.size).toBe(1);
  });

  it('recovers an invoice whose answer was lost: the retry finds it issued', async () => {
    const inv: InvoiceRequest = { ...base, orderId: 'L1', kind: 'donation', loveCode: '8585' };
    sim.loseNextAnswer();
    await expect(client.issue(inv)).rejects.toMatchObject({ name: 'AmegoError', code: null, retryable: true });
    const retry = await client.issue(inv);
    expect(retry.alreadyIssued).toBe(true);
    expect(retry.invoiceNumber).toBe([...sim.invoices.keys()][0]);
  });

  it('queries by order and answers null when there is none', async () => {
    expect(await client.query('NOPE')).toBeNull();
    const r = await client.issue({ ...base, orderId: 'Q1', kind: 'personal', carrier: { type: 'amego' } });
    expect(await client.query('Q1')).toEqual({
      orderId: 'Q1',
      invoiceNumber: r.invoiceNumber,
      invoiceTime: r.invoiceTime,
      randomNumber: r.randomNumber,
      totalAmount: 1220,
      voided: false,
    });
  });

  it('voids an invoice (f0501 array), then refuses a second void with 3050122', async () => {
    const r = await client.issue({ ...base, orderId: 'V1', kind: 'personal', carrier: { type: 'amego' } });
    await client.void(r.invoiceNumber, '訂單取消');
    expect(sim.calls.at(-1)!.path).toBe('/json/f0501');
    expect(lastData()).toEqual([{ CancelInvoiceNumber: r.invoiceNumber }]);
    expect((await client.query('V1'))?.voided).toBe(true);
    await expect(client.void(r.invoiceNumber, '再一次')).rejects.toMatchObject({ name: 'AmegoError', code: 3050122, retryable: false });
    await expect(client.void('ZZ99999999', '不存在')).rejects.toMatchObject({ code: 3050125 });
  });

  it('is refused with code 16 for a wrong app key and 12 for a wrong tax id', async () => {
    const badKey = new AmegoClient({ apiUrl: sim.url, taxId: TAX_ID, appKey: 'wrong-key' });
    const err = await badKey.issue({ ...base, orderId: 'K1', kind: 'personal', carrier: { type: 'amego' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmegoError);
    expect(err).toMatchObject({ code: 16, retryable: false });
    expect((err as Error).message).not.toContain('wrong-key');
    const badTax = new AmegoClient({ apiUrl: sim.url, taxId: '04595257', appKey: APP_KEY });
    await expect(badTax.query('x')).rejects.toMatchObject({ code: 12 });
    expect(sim.invoices.size).toBe(0);
  });

  it('reports refusals, outages and garbage as typed errors', async () => {
    const inv: InvoiceRequest = { ...base, orderId: 'F1', kind: 'personal', carrier: { type: 'amego' } };
    sim.failNext({ code: 3040174, msg: 'SalesAmount 錯誤' });
    await expect(client.issue(inv)).rejects.toMatchObject({ code: 3040174, retryable: false });
    sim.failNext({ code: 15 });
    await expect(client.issue(inv)).rejects.toMatchObject({ code: 15, retryable: true });
    sim.failNext('garbage');
    await expect(client.issue(inv)).rejects.toMatchObject({ code: null, retryable: true });
    sim.outage(true);
    await expect(client.issue(inv)).rejects.toMatchObject({ code: null, retryable: true });
    sim.outage(false);
    expect((await client.issue(inv)).alreadyIssued).toBe(false);
    const down = new AmegoClient({ apiUrl: 'http://127.0.0.1:1', taxId: TAX_ID, appKey: APP_KEY });
    await expect(down.query('x')).rejects.toMatchObject({ code: null, retryable: true });
  });

  it('the simulator itself refuses what Amego refuses (raw form posts)', async () => {
    const post = async (form: Record<string, string>) => {
      const res = await fetch(sim.url + '/json/f0401', { method: 'POST', body: new URLSearchParams(form) });
      return ((await res.json()) as { code: number }).code;
    };
    const data = { OrderId: 'X', BuyerIdentifier: '0000000000', BuyerName: 'x', ProductItem: [{ Amount: 10, Quantity: 1, UnitPrice: 10, TaxType: 1 }], TotalAmount: 10, SalesAmount: 10, TaxAmount: 0 };
    expect(await post({ ...amegoForm(TAX_ID, data, APP_KEY), invoice: '' })).toBe(11);
    expect(await post(amegoForm(TAX_ID, '', APP_KEY))).toBe(17);
    const notJson = { invoice: TAX_ID, data: '{x', time: '1764000000', sign: amegoSign('{x', '1764000000', APP_KEY) };
    expect(await post(notJson)).toBe(20);
    expect(await post(amegoForm(TAX_ID, { ...data, BuyerIdentifier: '123' }, APP_KEY))).toBe(3040121);
    expect(await post(amegoForm(TAX_ID, { ...data, BuyerName: '' }, APP_KEY))).toBe(3040123);
    expect(await post(amegoForm(TAX_ID, { ...data, CarrierType: 'XX', CarrierId1: 'a', CarrierId2: 'a' }, APP_KEY))).toBe(3040132);
    expect(await post(amegoForm(TAX_ID, { ...data, NPOBAN: '12' }, APP_KEY))).toBe(3040137);
    expect(await post(amegoForm(TAX_ID, { ...data, DetailVat: 0 }, APP_KEY))).toBe(3040162);
    expect(await post(amegoForm(TAX_ID, { ...data, SalesAmount: 9, TaxAmount: 1 }, APP_KEY))).toBe(3040174);
    expect(await post(amegoForm(TAX_ID, { ...data, BuyerIdentifier: '04595257', BuyerName: 'Co', ProductItem: [{ Amount: 100, Quantity: 1, UnitPrice: 100, TaxType: 1 }], TotalAmount: 100, SalesAmount: 100, TaxAmount: 0 }, APP_KEY))).toBe(3040174);
    expect(await post(amegoForm(TAX_ID, data, APP_KEY))).toBe(0);
    const time = await fetch(sim.url + '/json/time');
    expect(((await time.json()) as { timestamp: number }).timestamp).toBe(Math.floor(FIXED_NOW / 1000));
  });

  describe('validation before any request', () => {
    const cases: Array<[string, InvoiceRequest, string]> = [
      ['bad mobile barcode', { ...base, kind: 'personal', carrier: { type: '3J0002', id: '/abc1234' } }, 'carrier.id'],
      ['short mobile barcode', { ...base, kind: 'personal', carrier: { type: '3J0002', id: '/ABC123' } }, 'carrier.id'],
      ['bad citizen certificate', { ...base, kind: 'personal', carrier: { type: 'CQ0001', id: 'A123456789012345' } }, 'carrier.id'],
      ['tax id failing the checksum', { ...base, kind: 'company', taxId: '12345678', companyName: 'Co' }, 'taxId'],
      ['7-digit tax id', { ...base, kind: 'company', taxId: '1234567', companyName: 'Co' }, 'taxId'],
      ['empty company name', { ...base, kind: 'company', taxId: '04595257', companyName: ' ' }, 'companyName'],
      ['2-digit love code', { ...base, kind: 'donation', loveCode: '12' }, 'loveCode'],
      ['8-digit love code', { ...base, kind: 'donation', loveCode: '12345678' }, 'loveCode'],
      ['letters in love code', { ...base, kind: 'donation', loveCode: '12a' }, 'loveCode'],
      ['fractional unit price', { ...base, kind: 'donation', loveCode: '919', items: [{ description: 'x', quantity: 1, unitPrice: 1220.5, amount: 1220.5 }], total: 1220.5 }, 'total'],
      ['fractional item amount', { ...base, kind: 'donation', loveCode: '919', items: [{ description: 'x', quantity: 1, unitPrice: 1220, amount: 1219.9 }], total: 1220 }, 'items[0].amount'],
      ['items not adding up', { ...base, kind: 'donation', loveCode: '919', total: 1221 }, 'total'],
      ['no items', { ...base, kind: 'donation', loveCode: '919', items: [], total: 1220 }, 'items'],
      ['order id over 40', { ...base, orderId: 'X'.repeat(41), kind: 'donation', loveCode: '919' }, 'orderId'],
      ['bad e-mail', { ...base, buyerEmail: 'nope', kind: 'donation', loveCode: '919' }, 'buyerEmail'],
    ];
    it.each(cases)('%s', async (_name, inv, field) => {
      const before = sim.calls.length;
      const err = await client.issue(inv).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvoiceValidationError);
      expect(err).toMatchObject({ field });
      expect(sim.calls.length).toBe(before);
    });

    it('void needs a well-formed number and a reason', async () => {
      await expect(client.void('AB1234567', 'x')).rejects.toBeInstanceOf(InvoiceValidationError);
      await expect(client.void('AB12345678', ' ')).rejects.toBeInstanceOf(InvoiceValidationError);
      expect(sim.calls.length).toBe(0);
    });
  });
});

describe('the Amego simulator mounted in an app', () => {
  it('works under a prefix behind global body parsers (as the embedded default will be)', async () => {
    const sim = createAmegoSimulator({ taxId: TAX_ID, appKey: APP_KEY });
    const app = express();
    app.use(express.json(), express.urlencoded({ extended: true }));
    app.use('/sim/amego', sim);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new AmegoClient({ apiUrl: `http://127.0.0.1:${port}/sim/amego`, taxId: TAX_ID, appKey: APP_KEY });
      const r = await client.issue({ ...base, kind: 'donation', loveCode: '25885' });
      expect(sim.invoices.get(r.invoiceNumber)?.data).toMatchObject({ NPOBAN: '25885' });
      expect((await client.query(base.orderId))?.invoiceNumber).toBe(r.invoiceNumber);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});


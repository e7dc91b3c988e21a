import { AmegoClient } from './amego-client';
import { allowanceLine, AMEGO_CODE, amegoForm, toG0401Data } from './amego-protocol';
import { AllowanceRequest, AmegoError, InvoiceValidationError } from './invoice-gateway';
import { startAmegoSimulator, StartedAmegoSimulator } from './simulators/amego-simulator';

const TAX_ID = '12345675';
const APP_KEY = 'abcdef0123456789abcdef0123456789';
const FIXED_NOW = Date.UTC(2026, 10, 24, 7, 0, 0); // 2026-11-24 15:00 Taipei

describe('allowance lines (PROVIDERS.md §5: tax = A − round(A / 1.05), amounts tax-excluded)', () => {
  it.each([
    // description, quantity, tax-included → quantity, unit price, amount, tax
    ['精華', 2, 1050, 2, 500, 1000, 50],
    ['精華', 3, 1500, 1, 1429, 1429, 71], // 1429 does not divide by 3: one line of the whole
    ['運費', 1, 60, 1, 57, 57, 3],
    ['小物', 1, 1, 1, 1, 1, 0],
    ['折讓', 0, 100, 1, 95, 95, 5], // an amount spread over lines (quantity 0) is one line
  ])('%s × %i for NT$ %i → %i × %i = %i + tax %i', (d, q, gross, quantity, unitPrice, amount, tax) => {
    const line = allowanceLine(d, q, gross);
    expect(line).toMatchObject({ quantity, unitPrice, amount, tax });
    expect(line.amount + line.tax).toBe(gross);
    expect(line.quantity * line.unitPrice).toBe(line.amount);
  });

  it('names the count when the line is sent as one', () => {
    expect(allowanceLine('精華', 3, 1500).description).toBe('精華 ×3');
  });
});

describe('AmegoClient allowances (g0401 / g0501 / allowance_query) against the local Amego simulator', () => {
  let sim: StartedAmegoSimulator;
  let client: AmegoClient;
  let invoiceNumber: string;
  const invoiceDate = '20261124';

  beforeAll(async () => {
    sim = await startAmegoSimulator({ taxId: TAX_ID, appKey: APP_KEY, now: () => FIXED_NOW });
    client = new AmegoClient({ apiUrl: sim.url, taxId: TAX_ID, appKey: APP_KEY, now: () => FIXED_NOW });
  });
  afterAll(async () => sim.close());
  beforeEach(async () => {
    sim.reset();
    const r = await client.issue({
      kind: 'personal',
      carrier: { type: 'amego' },
      orderId: 'SS20261124000009',
      buyerName: '王小明',
      buyerEmail: 'ming@example.com',
      items: [
        { description: '精華液', quantity: 2, unitPrice: 1050, amount: 2100 },
        { description: '訂單折扣', quantity: 1, unitPrice: -100, amount: -100 },
        { description: '運費', quantity: 1, unitPrice: 60, amount: 60 },
      ],
      total: 2060,
    });
    invoiceNumber = r.invoiceNumber;
  });

  const request = (over: Partial<AllowanceRequest> = {}): AllowanceRequest => ({
    allowanceNumber: 'A261124000000001',
    allowanceDate: '20261125',
    invoiceNumber,
    invoiceDate,
    buyerIdentifier: '0000000000',
    buyerName: '王小明',
    buyerEmail: 'ming@example.com',
    items: [allowanceLine('精華液', 1, 1000), allowanceLine('運費', 1, 60)],
    ...over,
  });

  it('issues one: the data is an array of one allowance, exactly as §5 names it; allowance_query finds it', async () => {
    const r = await client.allowance(request());
    expect(r).toEqual({ allowanceNumber: 'A261124000000001', totalAmount: 952 + 57, taxAmount: 48 + 3, alreadyIssued: false });
    const call = sim.calls.at(-1)!;
    expect(call.path).toBe('/json/g0401');
    expect(JSON.parse(call.data)).toEqual([
      {
        AllowanceNumber: 'A261124000000001',
        AllowanceDate: '20261125',
        AllowanceType: 2,
        BuyerIdentifier: '0000000000',
        BuyerName: '王小明',
        BuyerEmailAddress: 'ming@example.com',
        ProductItem: [
          { OriginalInvoiceNumber: invoiceNumber, OriginalInvoiceDate: 20261124, OriginalDescription: '精華液', Quantity: 1, UnitPrice: 952, Amount: 952, Tax: 48, TaxType: 1 },
          { OriginalInvoiceNumber: invoiceNumber, OriginalInvoiceDate: 20261124, OriginalDescription: '運費', Quantity: 1, UnitPrice: 57, Amount: 57, Tax: 3, TaxType: 1 },
        ],
        TaxAmount: 51,
        TotalAmount: 1009,
      },
    ]);
    expect(await client.queryAllowance('A261124000000001')).toEqual({
      allowanceNumber: 'A261124000000001',
      invoiceNumber,
      allowanceDate: '20261125',
      totalAmount: 1009,
      taxAmount: 51,
      voided: false,
    });
    expect(await client.queryAllowance('A-NONE')).toBeNull();
  });

  it('a repeated number (a retry after a lost answer) is looked up, not issued twice; another allowance under it is refused', async () => {
    await client.allowance(request());
    const again = await client.allowance(request());
    expect(again.alreadyIssued).toBe(true);
    expect(sim.allowances.size).toBe(1);
    const other = client.allowance(request({ items: [allowanceLine('精華液', 1, 500)] }));
    await expect(other).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_NUMBER_USED, retryable: false });
  });

  it('an invoice with an allowance can no longer be voided (3050141); once the allowance is voided (g0501), it can', async () => {
    await client.allowance(request());
    await expect(client.void(invoiceNumber, '退貨')).rejects.toMatchObject({ code: AMEGO_CODE.VOID_HAS_ALLOWANCE });
    await client.voidAllowance('A261124000000001');
    expect((await client.queryAllowance('A261124000000001'))?.voided).toBe(true);
    await expect(client.voidAllowance('A261124000000001')).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_VOID_ALREADY });
    await expect(client.voidAllowance('A-UNKNOWN')).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_VOID_UNKNOWN });
    await client.void(invoiceNumber, '退貨');
    expect(sim.invoices.get(invoiceNumber)!.cancelDate).not.toBeNull();
  });

  it('refuses an unknown or voided invoice, a wrong invoice date or buyer, and allowances beyond the invoice', async () => {
    await expect(client.allowance(request({ invoiceNumber: 'ZZ99999999' }))).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_INVOICE_UNKNOWN });
    await expect(client.allowance(request({ invoiceDate: '20261123' }))).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_FIELD });
    await expect(client.allowance(request({ buyerIdentifier: '04595257' }))).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_BUYER });
    // 2060 invoiced: 1060 + 1000 fit, one NT$ more does not.
    await client.allowance(request());
    await client.allowance(request({ allowanceNumber: 'A2', items: [allowanceLine('精華液', 1, 1000)] }));
    await expect(client.allowance(request({ allowanceNumber: 'A3', items: [allowanceLine('精華液', 1, 1)] }))).rejects.toMatchObject({
      code: AMEGO_CODE.ALLOWANCE_OVER_INVOICE,
    });
    expect(sim.allowances.size).toBe(2);
    await client.voidAllowance('A2');
    await client.voidAllowance('A261124000000001');
    await client.void(invoiceNumber, '退貨');
    await expect(client.allowance(request({ allowanceNumber: 'A4' }))).rejects.toMatchObject({ code: AMEGO_CODE.ALLOWANCE_INVOICE_VOID });
  });

  it('the simulator checks sums, sign and shape sent by hand', async () => {
    const post = (data: unknown, appKey = APP_KEY) =>
      fetch(`${sim.url}/json/g0401`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(amegoForm(TAX_ID, data, appKey, FIXED_NOW)).toString(),
      }).then((r) => r.json() as Promise<{ code: number }>);
    const good = toG0401Data(request());
    expect((await post(good, 'wrong-key')).code).toBe(AMEGO_CODE.SIGN_WRONG);
    expect((await post(good[0])).code).toBe(AMEGO_CODE.ALLOWANCE_NOT_ARRAY);
    expect((await post([{ ...good[0], TotalAmount: good[0].TotalAmount + 1 }])).code).toBe(AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG);
    expect((await post([{ ...good[0], TaxAmount: 0 }])).code).toBe(AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG);
    const badLine = { ...good[0].ProductItem[0], Quantity: 2 }; // 2 × 952 ≠ 952
    expect((await post([{ ...good[0], ProductItem: [badLine, good[0].ProductItem[1]] }])).code).toBe(AMEGO_CODE.ALLOWANCE_AMOUNT_WRONG);
    expect((await post([{ ...good[0], AllowanceNumber: 'A'.repeat(17) }])).code).toBe(AMEGO_CODE.ALLOWANCE_FIELD);
    expect((await post([{ ...good[0], AllowanceType: 1 }])).code).toBe(AMEGO_CODE.ALLOWANCE_FIELD);
    expect(sim.allowances.size).toBe(0);
    expect((await post(good)).code).toBe(0);
  });

  it('validates before sending', async () => {
    const n = sim.calls.length;
    await expect(client.allowance(request({ allowanceNumber: 'A'.repeat(17) }))).rejects.toBeInstanceOf(InvoiceValidationError);
    await expect(client.allowance(request({ items: [] }))).rejects.toBeInstanceOf(InvoiceValidationError);
    await expect(client.allowance(request({ items: [{ description: 'x', quantity: 2, unitPrice: 10, amount: 21, tax: 1 }] }))).rejects.toBeInstanceOf(InvoiceValidationError);
    await expect(client.allowance(request({ invoiceDate: '2026-11-24' }))).rejects.toBeInstanceOf(InvoiceValidationError);
    expect(sim.calls.length).toBe(n);
    expect(AmegoError).toBeDefined();
  });
});

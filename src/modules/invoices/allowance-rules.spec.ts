import { allowanceLinesOf, CONSENT_TOKEN, decideInvoiceAction, invoicePeriod, newAllowanceNumber, newConsentToken, voidAllowed } from './allowance-rules';

/** Taipei wall-clock time → Date (UTC+8). */
const taipei = (y: number, m: number, d: number, h = 12, min = 0, s = 0) => new Date(Date.UTC(y, m - 1, d, h - 8, min, s));

describe('invoice periods (two months, Taipei): void allowed while the invoice period is current', () => {
  it.each([
    [taipei(2026, 1, 1, 0, 0, 0), '2026-0'],
    [taipei(2026, 2, 28, 23, 59, 59), '2026-0'],
    [taipei(2026, 3, 1, 0, 0, 0), '2026-1'],
    [taipei(2026, 11, 1), '2026-5'],
    [taipei(2026, 12, 31, 23, 59, 59), '2026-5'],
    [new Date(Date.UTC(2026, 11, 31, 16, 0, 0)), '2027-0'], // 2027-01-01 00:00 Taipei, still 2026 in UTC
  ])('%s is in period %s', (at, key) => {
    expect(invoicePeriod(at)).toBe(key);
  });

  it('an invoice of 2 Nov may be voided on 31 Dec 23:59:59 Taipei, not on 1 Jan 00:00', () => {
    const issued = taipei(2026, 11, 2);
    expect(voidAllowed(issued, taipei(2026, 12, 31, 23, 59, 59))).toBe(true);
    expect(voidAllowed(issued, taipei(2027, 1, 1, 0, 0, 0))).toBe(false);
    // Oct and Nov are different periods (Sep–Oct, Nov–Dec).
    expect(voidAllowed(taipei(2026, 10, 31, 23, 0), taipei(2026, 11, 1, 1, 0))).toBe(false);
    expect(voidAllowed(null, new Date())).toBe(true);
  });
});

describe('void vs allowance vs nothing', () => {
  const now = taipei(2026, 11, 24);
  const issuedNow = { invoiceStatus: 'issued', issuedAt: taipei(2026, 11, 20), liveAllowances: 0 };
  it.each([
    ['invoice void already', { ...issuedNow, invoiceStatus: 'void' }, true, 'none'],
    ['invoice void already, partial', { ...issuedNow, invoiceStatus: 'void' }, false, 'none'],
    ['full, inside the period', issuedNow, true, 'void'],
    ['full, after the period', { ...issuedNow, issuedAt: taipei(2026, 10, 31) }, true, 'allowance'],
    ['full, invoice not issued yet (the void job stops the issue)', { invoiceStatus: '', issuedAt: null, liveAllowances: 0 }, true, 'void'],
    ['full, invoice issue pending', { invoiceStatus: 'pending', issuedAt: null, liveAllowances: 0 }, true, 'void'],
    ['full after an earlier allowance (the invoice cannot be voided: 3050141)', { ...issuedNow, liveAllowances: 1 }, true, 'allowance'],
    ['partial', issuedNow, false, 'allowance'],
    ['partial, invoice not issued yet (the job waits for it)', { invoiceStatus: 'pending', issuedAt: null, liveAllowances: 0 }, false, 'allowance'],
  ] as const)('%s → %s', (_label, facts, full, action) => {
    expect(decideInvoiceAction(facts, full, now)).toBe(action);
  });
});

describe('allowance lines from refunded lines', () => {
  const order = [
    { id: 11, title: '精華液', variant_name: '30ml', quantity: 2, amount: 2000 },
    { id: 12, title: '潔面乳', variant_name: '', quantity: 1, amount: 350 },
  ];

  it('each refunded line: tax-excluded amount and its own tax; shipping its own line; lines of NT$ 0 left out', () => {
    const lines = allowanceLinesOf(
      order,
      [
        { orderItemId: 11, quantity: 1, amount: 1000 },
        { orderItemId: 12, quantity: 0, amount: 0 },
      ],
      60,
    );
    expect(lines).toEqual([
      { order_item_id: 11, gross: 1000, description: '精華液（30ml）', quantity: 1, unitPrice: 952, amount: 952, tax: 48 },
      { order_item_id: null, gross: 60, description: '運費', quantity: 1, unitPrice: 57, amount: 57, tax: 3 },
    ]);
    for (const l of lines) expect(l.amount + l.tax).toBe(l.gross);
  });

  it('refuses a line of another order and negative amounts', () => {
    expect(() => allowanceLinesOf(order, [{ orderItemId: 99, quantity: 1, amount: 10 }], 0)).toThrow(/not on this order/);
    expect(() => allowanceLinesOf(order, [{ orderItemId: 11, quantity: 1, amount: -1 }], 0)).toThrow(RangeError);
    expect(() => allowanceLinesOf(order, [], -5)).toThrow(RangeError);
  });
});

describe('numbers and tokens', () => {
  it('allowance numbers are 16 characters, A + Taipei YYMMDD + 9 digits', () => {
    const no = newAllowanceNumber(taipei(2026, 11, 24, 23, 30));
    expect(no).toMatch(/^A261124\d{9}$/);
    expect(new Set(Array.from({ length: 200 }, () => newAllowanceNumber(new Date()))).size).toBe(200);
  });

  it('consent tokens are 43 random base64url characters', () => {
    const t = newConsentToken();
    expect(t).toMatch(CONSENT_TOKEN);
    expect(newConsentToken()).not.toBe(t);
  });
});

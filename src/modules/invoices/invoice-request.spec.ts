import { toF0401Data, validateInvoice } from '../../integrations/amego/amego-protocol';
import { invoiceRequestOf, type OrderWithItems } from './invoice-request';

/**
 * Issue 19 §4: an invoice's lines are the order's items plus each adjustment as a negative line
 * (and shipping), and its totals equal the order's — for a consumer (SalesAmount = total, tax 0)
 * and for a company (SalesAmount = round(total / 1.05), TaxAmount = the rest; PROVIDERS.md §5).
 */
describe('invoice lines with a manual discount (order adjustment −100)', () => {
  // 2 × 580 + 1 × 350 = 1510; 訂單折扣 −100; shipping 60 → total 1470.
  const order = {
    id: 7,
    mer_trade_no: 'SS20261124000007',
    buy_name: '王小明',
    buy_email: 'ming@example.com',
    subtotal: 1510,
    discount_total: 100,
    points_used: 0,
    shipping_fee: 60,
    total_amount: 1470,
    invoice_type: 'personal',
    carrier_type: 'amego',
    mobile_barcode: '',
    citizen_barcode: '',
    tax_id: '',
    company_name: '',
    donate_code: '',
  };
  const items = [
    { title: '玻尿酸保濕精華', variant_name: '30ml', price: 580, quantity: 2, discount: 77, amount: 1083 },
    { title: '溫和潔面乳', variant_name: '', price: 350, quantity: 1, discount: 23, amount: 327 },
  ];
  const adjustments = [{ label: '訂單折扣', amount: -100 }];
  const found = (over: Partial<typeof order> = {}) => ({ order: { ...order, ...over }, items }) as unknown as OrderWithItems;

  it('consumer: items at list price, the discount as a negative line, shipping; lines add up to TotalAmount = the order total', () => {
    const req = invoiceRequestOf(found(), adjustments);
    expect(req.items).toEqual([
      { description: '玻尿酸保濕精華（30ml）', quantity: 2, unitPrice: 580, amount: 1160 },
      { description: '溫和潔面乳', quantity: 1, unitPrice: 350, amount: 350 },
      { description: '訂單折扣', quantity: 1, unitPrice: -100, amount: -100 },
      { description: '運費', quantity: 1, unitPrice: 60, amount: 60 },
    ]);
    expect(req.total).toBe(1470);
    expect(() => validateInvoice(req)).not.toThrow();
    const data = toF0401Data(req);
    expect(data.ProductItem.reduce((s, it) => s + it.Amount, 0)).toBe(data.TotalAmount);
    expect(data).toMatchObject({ TotalAmount: 1470, SalesAmount: 1470, TaxAmount: 0, BuyerIdentifier: '0000000000', DetailVat: 1 });
    expect(data.ProductItem[2]).toEqual({ Description: '訂單折扣', Quantity: 1, UnitPrice: -100, Amount: -100, Unit: '', Remark: '', TaxType: 1 });
  });

  it('company (統一編號): the same lines, SalesAmount = round(1470 / 1.05) = 1400 and TaxAmount = 70', () => {
    const req = invoiceRequestOf(found({ invoice_type: 'Company', tax_id: '04595257', company_name: '肌研舍股份有限公司' }), adjustments);
    expect(req.kind).toBe('company');
    expect(() => validateInvoice(req)).not.toThrow();
    const data = toF0401Data(req);
    expect(data.ProductItem.map((it) => it.Amount)).toEqual([1160, 350, -100, 60]);
    expect(data.ProductItem.reduce((s, it) => s + it.Amount, 0)).toBe(1470);
    expect(data).toMatchObject({ BuyerIdentifier: '04595257', BuyerName: '肌研舍股份有限公司', TotalAmount: 1470, SalesAmount: 1400, TaxAmount: 70 });
    expect(data.SalesAmount + data.TaxAmount).toBe(data.TotalAmount);
  });

  it('an odd total splits as §5 says (total − round(total / 1.05)) and several adjustments each get a line', () => {
    const req = invoiceRequestOf(found({ invoice_type: 'Company', tax_id: '04595257', company_name: '肌研舍', total_amount: 1469 }), [
      { label: '訂單折扣', amount: -100 },
      { label: '購物金折抵', amount: -1 },
      { label: '取消折扣', amount: 0 },
    ]);
    expect(req.items.map((it) => it.description)).toEqual(['玻尿酸保濕精華（30ml）', '溫和潔面乳', '訂單折扣', '購物金折抵', '運費']);
    const data = toF0401Data(req);
    expect(data).toMatchObject({ TotalAmount: 1469, SalesAmount: 1399, TaxAmount: 70 });
  });

  it('lines that do not add up to the order total are refused before anything is sent', () => {
    const req = invoiceRequestOf(found(), []); // the discount forgotten: 1570 ≠ 1470
    expect(() => validateInvoice(req)).toThrow(/add up to 1570, not the total 1470/);
  });
});

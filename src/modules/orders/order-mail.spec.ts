import { normalBrand } from '../../integrations/mail/templates/mail-templates';
import { newCodeKind, orderConfirmationMail, orderMessageId, orderNewCodeMail, totalRows, type MailOrder } from './order-mail';

const order = {
  id: 12,
  mer_trade_no: 'SS2601010000001ABCDEF',
  buy_name: '王小明',
  buy_email: 'ming@example.com',
  buy_phone: '0912345678',
  name: '陳美麗',
  phone: '0911222333',
  zip: '100',
  city: '臺北市',
  district: '中正區',
  street: '重慶南路一段 122 號',
  store_id: '',
  store_name: '',
  store_addr: '',
  shipping: 4,
  delivery_time_slot: '04',
  payment: 'cod',
  bank_code: '',
  payment_code: '',
  expire_date: null,
  payment_status: 0,
  subtotal: 1200,
  shipping_fee: 60,
  total_amount: 1160,
  invoice_type: 'personal',
  carrier_type: 'amego',
  mobile_barcode: '',
  citizen_barcode: '',
  company_name: '',
  tax_id: '',
  donate_code: '',
  invoice_no: '',
  paid_at: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
} satisfies MailOrder;

const ctx = { brand: normalBrand({ name: '肌研舍', origin: 'https://shop.example' }), shippingName: '宅配', paymentLabel: '貨到付款' };

describe('order mails read the stored money (issue 19)', () => {
  it('lists each adjustment between the subtotal and the shipping fee', () => {
    expect(totalRows(order, [{ label: '訂單折扣', amount: -100 }])).toEqual([
      ['商品小計', 'NT$ 1,200'],
      ['訂單折扣', '−NT$ 100'],
      ['運費', 'NT$ 60'],
      ['訂單總額', 'NT$ 1,160'],
    ]);
  });

  it('the confirmation shows the lines (price × quantity, issue 22 §6) and the order discount line in the totals', async () => {
    const mail = await orderConfirmationMail(order, [{ title: '玫瑰精華', variant_name: '30ml', price: 600, quantity: 2, discount: 100, amount: 1100 }], ctx, [{ label: '訂單折扣', amount: -100 }]);
    expect(mail.text).toContain('玫瑰精華（30ml） × 2，單價 NT$ 600，小計 NT$ 1,200');
    expect(mail.text).toContain('商品小計：NT$ 1,200');
    expect(mail.text).toContain('訂單折扣：−NT$ 100');
    expect(mail.text).toContain('訂單總額：NT$ 1,160');
    expect(mail.html).toContain('−NT$ 100');
  });

  it('the new-code mail: the new total, the adjustment, the new ATM account and deadline, the old one void; one Message-ID per code', async () => {
    const atm = { ...order, payment: 'atm', bank_code: '013', payment_code: '013-8123456789012', expire_date: new Date('2026-01-08T15:59:59Z') };
    const mail = await orderNewCodeMail(atm, { ...ctx, paymentLabel: 'ATM 轉帳' }, [{ label: '訂單折扣', amount: -100 }], 'SS2601010000001ABCDEFR2');
    expect(mail.subject).toBe('【肌研舍】訂單金額調整通知 #12');
    expect(mail.text).toContain('訂單金額已調整為 NT$ 1,160');
    expect(mail.text).toContain('先前的繳費帳號或代碼已失效');
    expect(mail.text).toContain('訂單折扣：−NT$ 100');
    expect(mail.text).toContain('虛擬帳號：8123456789012');
    expect(mail.text).toContain('轉帳金額：NT$ 1,160');
    expect(mail.text).toContain('https://shop.example/paymentSlip?MerTradeNo=SS2601010000001ABCDEF');
    expect(newCodeKind('SS2601010000001ABCDEFR2').length).toBeLessThanOrEqual(40);
    expect(mail.messageId).toBe(orderMessageId(atm, newCodeKind('SS2601010000001ABCDEFR2')));
    expect(mail.messageId).not.toBe(orderMessageId(atm, newCodeKind('SS2601010000001ABCDEFR3')));
  });

  it('the new-code mail of a switch to ATM (更換付款方式): 付款資訊通知 with the new method and amount, no word of a re-priced amount', async () => {
    const atm = { ...order, payment: 'atm', bank_code: '822', payment_code: '822-8123456789012', expire_date: new Date('2026-01-08T15:59:59Z') };
    const mail = await orderNewCodeMail(atm, { ...ctx, paymentLabel: 'ATM 轉帳' }, [], 'SS2601010000001ABCDEFR2', 'switched');
    expect(mail.subject).toBe('【肌研舍】付款資訊通知 #12');
    expect(mail.text).toContain('已更換付款方式為「ATM 轉帳」');
    expect(mail.text).toContain('虛擬帳號：8123456789012');
    expect(mail.text).toContain('轉帳金額：NT$ 1,160');
    expect(mail.text).not.toContain('訂單金額已調整');
    expect(mail.html).toContain('已更換付款方式為「ATM 轉帳」');
    expect(mail.messageId).toBe(orderMessageId(atm, newCodeKind('SS2601010000001ABCDEFR2')));
  });
});

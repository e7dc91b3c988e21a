import { describe, expect, it } from 'vitest';
import { CANCELLED, orderView, PAID } from './testOrders';
import { awaitingPayment, clearsCartOnReturn, deadlineText, invoiceText, payInstructions, splitAtmCode, taipeiDateTime, withCancelAnswer, withPaidRefusal } from './orderView';
import { loadedOrderCount } from './ordersApi';

describe('order view helpers', () => {
  it('splits an ATM payment_code at its first hyphen into bank code and virtual account (spec 2 §4)', () => {
    expect(splitAtmCode('013-98765432101234')).toEqual({ bankCode: '013', account: '98765432101234' });
    expect(splitAtmCode(' 822-1234-5678 ')).toEqual({ bankCode: '822', account: '1234-5678' });
    // No hyphen: the whole code is the account, the order's bank_code the bank.
    expect(splitAtmCode('98765432101234', '004')).toEqual({ bankCode: '004', account: '98765432101234' });
  });

  it('gives the ATM account or CVS code only while unpaid and not cancelled (spec 1 §4)', () => {
    expect(payInstructions(orderView())).toEqual({ kind: 'atm', bankCode: '013', bankName: '國泰世華', account: '98765432101234', deadline: '2025-01-04 23:59' });
    expect(payInstructions(orderView({ payment: 'cvs', payment_code: 'LLL24123456789', bank_code: '' }))).toEqual({ kind: 'cvs', code: 'LLL24123456789', deadline: '2025-01-04 23:59' });
    expect(payInstructions(orderView({ ...PAID }))).toBeNull();
    expect(payInstructions(orderView({ ...CANCELLED }))).toBeNull();
    expect(payInstructions(orderView({ payment_code: '' }))).toBeNull();
    expect(payInstructions(orderView({ payment: 'credit', payment_code: 'x' }))).toBeNull();
  });

  it('prints dates in Taipei time and the deadline without seconds', () => {
    expect(taipeiDateTime('2025-01-01T16:30:00.000Z')).toBe('2025-01-02 00:30');
    expect(taipeiDateTime(null)).toBe('');
    expect(taipeiDateTime('not a date')).toBe('');
    expect(deadlineText('2025-01-04 23:59:59')).toBe('2025-01-04 23:59');
    expect(deadlineText(null)).toBe('');
  });

  it('waits for a payment only for online methods still pending and unpaid', () => {
    expect(awaitingPayment(orderView())).toBe(true);
    expect(awaitingPayment(orderView({ payment: 'linepay' }))).toBe(true);
    expect(awaitingPayment(orderView({ payment: 'cod' }))).toBe(false);
    expect(awaitingPayment(orderView({ ...PAID, status_name: 'paid' }))).toBe(false);
    expect(awaitingPayment(orderView({ ...CANCELLED }))).toBe(false);
  });

  it('clears the cart only on a return from the gateway page: first page of the tab, recent order, LINE Pay or card', () => {
    const now = Date.parse('2025-01-01T05:00:00.000Z');
    const at = (payment: string, created_at: string, payment_status = 1) => ({ payment, created_at, payment_status });
    expect(clearsCartOnReturn(at('linepay', '2025-01-01T04:05:00.000Z'), true, now)).toBe(true);
    expect(clearsCartOnReturn(at('credit', '2025-01-01T04:05:00.000Z'), true, now)).toBe(true);
    expect(clearsCartOnReturn(at('linepay', '2025-01-01T04:05:00.000Z'), false, now)).toBe(false);
    expect(clearsCartOnReturn(at('atm', '2025-01-01T04:05:00.000Z'), true, now)).toBe(false);
    expect(clearsCartOnReturn(at('linepay', '2024-12-31T04:05:00.000Z'), true, now)).toBe(false);
    expect(clearsCartOnReturn(at('linepay', 'garbage'), true, now)).toBe(false);
    // A card payment that failed (or is not confirmed yet) keeps the cart: the order waits for 重新付款.
    expect(clearsCartOnReturn(at('credit', '2025-01-01T04:05:00.000Z', 2), true, now)).toBe(false);
    expect(clearsCartOnReturn(at('credit', '2025-01-01T04:05:00.000Z', 0), true, now)).toBe(false);
  });

  it('describes the invoice as chosen at checkout', () => {
    expect(invoiceText(orderView())).toBe('個人電子發票（手機條碼 /ABC1234）');
    expect(invoiceText(orderView({ carrier_type: 'amego' }))).toBe('個人電子發票（會員載具）');
    expect(invoiceText(orderView({ invoice_type: 'Company', company_name: '肌研舍股份有限公司', tax_id: '17784483' }))).toBe('公司戶電子發票（肌研舍股份有限公司，統編 17784483）');
    expect(invoiceText(orderView({ invoice_type: 'Donate', donate_code: '168001' }))).toBe('捐贈發票（愛心碼 168001）');
    expect(invoiceText(orderView({ invoice_type: '' }))).toBe('');
  });

  it('applies a cancel answer, and a paid refusal shows the order paid and no longer cancellable', () => {
    const cancelled = withCancelAnswer(orderView(), { status_name: 'cancelled', status_label: '已取消', status_color: '#8c8c8c' });
    expect(cancelled).toMatchObject({ ...CANCELLED, payment_status: 0 });
    const refused = withPaidRefusal(orderView(), { payment_status: 1, payment_status_label: '已付款', payment_status_color: '#52c41a' });
    expect(refused).toMatchObject({ ...PAID, status_name: 'pending' });
    // Without the label in the answer: the seeded one.
    expect(withPaidRefusal(orderView(), {})).toMatchObject(PAID);
  });

  it('counts distinct orders over the loaded pages (a new order shifts the next page by one)', () => {
    const page = (ids: number[]) => ({ success: true, total: 9, orders: ids.map((order_id) => orderView({ order_id })) });
    expect(loadedOrderCount([page([9, 8, 7, 6, 5]), page([5, 4, 3, 2, 1])])).toBe(9);
  });
});

import type { LinePayGateway } from '../../integrations/linepay/linepay-gateway';
import type { PayuniGateway } from '../../integrations/payuni/payuni-gateway';
import { ONLINE_METHODS, PAYMENT_METHODS, type PaymentProvider, type RefundProvider } from './payment-provider';
import { PaymentProviderRegistry, UnknownPaymentMethodError } from './payment-provider.registry';

/** The registry only wires adapters to method codes: no gateway is called here. */
function registry(): PaymentProviderRegistry {
  return new PaymentProviderRegistry({} as PayuniGateway, {} as LinePayGateway);
}

describe('PaymentProviderRegistry: providers by payment method code', () => {
  it('registers every method code the shop knows, each collected by one provider', () => {
    const r = registry();
    expect(r.methods()).toEqual([...PAYMENT_METHODS]);
    expect(r.for('atm')).toBe(r.for('cvs'));
    expect(r.for('atm')).toBe(r.for('credit'));
    expect(r.for('linepay')).not.toBe(r.for('credit'));
    expect(r.for('cod')).not.toBe(r.for('credit'));
  });

  it('names each provider by its gateway, as stored on attempts and in the callback paths', () => {
    const r = registry();
    expect(r.for('credit').gateway).toBe('payuni');
    expect(r.for('linepay').gateway).toBe('linepay');
    expect(r.for('cod').gateway).toBe('cod');
    expect(r.forGateway('payuni')).toBe(r.for('atm'));
    expect(r.forGateway('linepay')).toBe(r.for('linepay'));
    expect(r.forGateway('nope')).toBeUndefined();
  });

  it('online: every method but cash on delivery', () => {
    const r = registry();
    expect(PAYMENT_METHODS.filter((m) => r.isOnline(m))).toEqual(['atm', 'cvs', 'credit', 'linepay']);
    // The constant the orders module filters by (ONLINE_PAYMENTS) agrees with the providers.
    expect(ONLINE_METHODS).toEqual(PAYMENT_METHODS.filter((m) => r.isOnline(m)));
    expect(r.isOnline('bitcoin')).toBe(false);
  });

  it('refunds: card and LINE Pay at their gateway; ATM, CVS and cash on delivery by bank transfer, by hand', () => {
    const r = registry();
    expect(r.refundsFor('credit')).toBe(r.for('credit') as unknown as RefundProvider);
    expect(r.refundsFor('linepay')).toBe(r.for('linepay') as unknown as RefundProvider);
    expect(['credit', 'linepay'].map((m) => [r.refundsFor(m).manual, r.refundsFor(m).method])).toEqual([
      [false, 'credit-refund'],
      [false, 'linepay'],
    ]);
    expect(['atm', 'cvs', 'cod'].map((m) => [r.refundsFor(m).manual, r.refundsFor(m).method])).toEqual([
      [true, 'bank-transfer'],
      [true, 'bank-transfer'],
      [true, 'cod'],
    ]);
  });

  it('an unknown method code is refused, never guessed', () => {
    const r = registry();
    expect(r.has('bitcoin')).toBe(false);
    expect(() => r.for('bitcoin')).toThrow(UnknownPaymentMethodError);
    expect(() => r.refundsFor('')).toThrow(UnknownPaymentMethodError);
  });

  it('a method code or a gateway name registered twice is a programming error', () => {
    const r = registry();
    const other = { ...r.for('cod'), gateway: 'other' } as PaymentProvider;
    const refunds = r.refundsFor('cod');
    expect(() => r.register({ methods: ['cod'], provider: other, refunds })).toThrow(/registered twice/);
    const sameName = { ...r.for('cod') } as PaymentProvider;
    expect(() => r.register({ methods: [], provider: sameName, refunds })).toThrow(/registered twice/);
  });

  it('every provider declares how its callbacks arrive (GET or POST), and cash on delivery has none', () => {
    const r = registry();
    expect(r.for('credit').callbacks).toMatchObject({ notify: { method: 'POST' }, return: { method: 'POST' } });
    expect(r.for('linepay').callbacks).toMatchObject({ confirm: { method: 'GET' }, cancel: { method: 'GET' } });
    expect(r.for('cod').callbacks).toEqual({});
  });
});

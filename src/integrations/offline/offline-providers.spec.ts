import { PaymentStartError } from '../payments/payment-provider';
import { BankTransferRefunds } from './bank-transfer-refunds';
import { CodPaymentProvider } from './cod-payment.provider';

describe('offline providers: cash on delivery and bank-transfer refunds', () => {
  it('cash on delivery starts nothing, answers no callback, and is never cancelled by reconciliation', async () => {
    const cod = new CodPaymentProvider();
    expect(cod.online).toBe(false);
    await expect(cod.start()).rejects.toBeInstanceOf(PaymentStartError);
    expect(cod.verifyCallback()).toMatchObject({ ok: false });
    expect(await cod.reconcile()).toEqual({ kind: 'skip', why: 'paid on delivery' });
    expect(await cod.cancelCode()).toEqual({ outcome: 'unsupported' });
    expect(await cod.query()).toMatchObject({ status: 'none' });
  });

  it('bank-transfer refunds are manual, recorded under their method, and never claim money moved', async () => {
    for (const method of ['bank-transfer', 'cod'] as const) {
      const r = new BankTransferRefunds(method);
      expect([r.manual, r.method]).toEqual([true, method]);
      expect(await r.refund()).toMatchObject({ kind: 'failed', message: '已記錄退款，請以銀行轉帳退款給顧客' });
      expect((await r.checkRefund()).kind).not.toBe('done');
    }
  });
});

import { PaymentProviderError, type PaymentAttempt, type PaymentOrder } from '../payments/payment-provider';
import { PayuniError, type PayuniCallback, type PayuniGateway, type TradeRecord } from './payuni-gateway';
import { PayuniPaymentProvider } from './payuni-payment.provider';

/**
 * What PAYUNi's answers mean (the adapter's own logic). The gateway here is a stand-in for the
 * calls the mapping needs; the real client against the simulator is covered by the API tests
 * (payments, reconciliation, refunds).
 */
const NOW = new Date('2026-03-10T04:00:00Z');
const order = (over: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 7,
  merTradeNo: 'SS260310A',
  method: 'credit',
  totalAmount: 1280,
  refundedAmount: 0,
  tradeNo: '',
  paymentCode: '',
  expireDate: null,
  createdAt: new Date(NOW.getTime() - 60 * 60_000),
  paid: false,
  pending: true,
  ...over,
});
const trade = (over: Partial<TradeRecord> = {}): TradeRecord => ({ tradeNo: 'T1', merTradeNo: 'SS260310A', tradeAmt: 1280, tradeStatus: 1, paymentType: 1, raw: { TradeNo: 'T1' }, ...over });
const ctx = (abandoned: boolean) => ({ now: NOW, abandoned, abandonMinutes: 30 });

function gatewayAnswering(answer: TradeRecord | 'none' | Error, calls: string[] = []): PayuniGateway {
  return {
    tradeQuery: async (q: { merTradeNo?: string; tradeNo?: string }) => {
      calls.push(q.merTradeNo ?? `TradeNo ${q.tradeNo}`);
      if (answer === 'none') throw new PayuniError('QUERY03001', '查無交易');
      if (answer instanceof Error) throw answer;
      return { trades: [answer] };
    },
  } as unknown as PayuniGateway;
}

describe('PayuniPaymentProvider: callbacks', () => {
  const claim = (cb: Partial<PayuniCallback>) => ({ ok: true as const, merTradeNo: 'SS260310A', message: { status: 'SUCCESS', version: '1.0', merTradeNo: 'SS260310A', raw: {}, ...cb } });
  const p = new PayuniPaymentProvider({} as PayuniGateway);

  it('TradeStatus 1 pays the order, recorded once under its TradeNo and status', async () => {
    const s = await p.settleCallback('notify', claim({ tradeNo: 'T9', tradeAmt: 1280, tradeStatus: 1, payTime: '2026-03-10 12:00:00' }), order());
    expect(s).toMatchObject({ kind: 'event', event: { effect: 'paid', source: 'notify', notification: { tradeNo: 'T9', status: '1', amount: 1280 }, paid: { tradeNo: 'T9', amount: 1280 } } });
    expect(s.kind === 'event' && s.event.paid?.paidAt?.toISOString()).toBe('2026-03-10T04:00:00.000Z');
  });

  it('2 failed / 3 cancelled / 4 expired close the order; 0, 8, 9 are only recorded', async () => {
    const effect = async (tradeStatus: number) => {
      const s = await p.settleCallback('return', claim({ tradeNo: 'T9', tradeAmt: 1280, tradeStatus }), order());
      return s.kind === 'event' ? [s.event.effect, s.event.cancelledBy ?? '', s.event.attempt?.status ?? ''] : s.kind;
    };
    expect(await effect(2)).toEqual(['closed', 'payment-failed', 'failed']);
    expect(await effect(3)).toEqual(['closed', 'payment-failed', 'cancelled']);
    expect(await effect(4)).toEqual(['closed', 'expired', 'cancelled']);
    for (const st of [0, 8, 9]) expect(await effect(st)).toEqual(['recorded', '', '']);
  });

  it('an amount other than the order total is refused with the reason', async () => {
    const s = await p.settleCallback('notify', claim({ tradeAmt: 1, tradeStatus: 1 }), order());
    expect(s).toEqual({ kind: 'refused', reason: 'amount mismatch for SS260310A: TradeAmt 1 ≠ order total 1280' });
  });

  it('a post without status is keyed S:<Status>; without TradeNo, by our order number', async () => {
    const s = await p.settleCallback('notify', claim({ tradeAmt: 1280, status: 'UPP0001' }), order());
    expect(s).toMatchObject({ kind: 'event', event: { effect: 'recorded', notification: { tradeNo: 'mer:SS260310A', status: 'S:UPP0001' } } });
  });

  it('only notify and return are PAYUNi callbacks', () => {
    expect(p.verifyCallback('confirm', { form: {}, query: { MerTradeNo: 'X' } })).toMatchObject({ ok: false, orderNo: 'X' });
  });
});

describe('PayuniPaymentProvider: reconciliation of a stale pending order', () => {
  const decide = (answer: TradeRecord | 'none' | Error, o: PaymentOrder, abandoned: boolean, attempt: PaymentAttempt | null = null) =>
    new PayuniPaymentProvider(gatewayAnswering(answer)).reconcile(o, attempt, ctx(abandoned));

  it('no trade at PAYUNi: a card is cancelled once abandoned; a code once expired (or never issued and abandoned)', async () => {
    expect(await decide('none', order(), false)).toMatchObject({ kind: 'skip' });
    expect(await decide('none', order(), true)).toMatchObject({ kind: 'cancel', by: 'abandoned' });
    const atm = order({ method: 'atm', paymentCode: '013-123', expireDate: new Date(NOW.getTime() - 1000) });
    expect(await decide('none', atm, false)).toMatchObject({ kind: 'cancel', by: 'expired' });
    expect(await decide('none', order({ method: 'cvs' }), true)).toMatchObject({ kind: 'cancel', by: 'abandoned', why: 'no code was ever issued' });
    expect(await decide('none', order({ method: 'cvs', paymentCode: 'C1' }), true)).toMatchObject({ kind: 'skip' });
  });

  it('paid at PAYUNi → apply paid; failed/cancelled/expired → apply closed even if recorded before', async () => {
    expect(await decide(trade(), order(), false)).toMatchObject({ kind: 'apply', event: { effect: 'paid', source: 'query', notification: { status: '1' } } });
    expect(await decide(trade({ tradeStatus: 2 }), order(), false)).toMatchObject({ kind: 'apply', event: { effect: 'closed', onceOnly: false, cancelledBy: 'payment-failed' } });
    expect(await decide(trade({ tradeStatus: 4 }), order(), false)).toMatchObject({ kind: 'apply', event: { effect: 'closed', cancelledBy: 'expired' } });
  });

  it('unpaid (0/9): a card waits until abandoned; a code until its ExpireDate (ours, else OffExpireTime)', async () => {
    expect(await decide(trade({ tradeStatus: 9 }), order(), false)).toMatchObject({ kind: 'skip', why: 'card unpaid, not yet abandoned' });
    expect(await decide(trade({ tradeStatus: 0 }), order(), true)).toMatchObject({ kind: 'cancel', by: 'abandoned' });
    expect(await decide(trade({ tradeStatus: 9, offExpireTime: '2026-03-10 11:00:00' }), order({ method: 'cvs' }), true)).toMatchObject({ kind: 'cancel', by: 'expired' });
    expect(await decide(trade({ tradeStatus: 9, offExpireTime: '2026-03-10 13:00:00' }), order({ method: 'cvs' }), true)).toMatchObject({ kind: 'skip' });
  });

  it('DataSource B and an amount mismatch are left alone', async () => {
    expect(await decide(trade({ dataSource: 'B' }), order(), true)).toMatchObject({ kind: 'skip', why: 'DataSource B: ask again later' });
    expect(await decide(trade({ tradeAmt: 999 }), order(), true)).toMatchObject({ kind: 'skip', why: 'amount mismatch' });
  });

  it('a gateway failure becomes a PaymentProviderError (left for the next run), keeping its message', async () => {
    await expect(decide(new PayuniError('TIMEOUT', 'no answer', true), order(), true)).rejects.toThrow(PaymentProviderError);
    await expect(decide(new PayuniError('TIMEOUT', 'no answer', true), order(), true)).rejects.toThrow('TIMEOUT: no answer');
  });

  it('asks by the number of the latest PAYUNi attempt (a retried payment has its own)', async () => {
    const calls: string[] = [];
    const attempt = { id: 1, orderId: 7, merTradeNo: 'SS260310AR2', gateway: 'payuni', method: 'credit', tradeNo: '', amount: 1280, status: 'pending', createdAt: NOW };
    await new PayuniPaymentProvider(gatewayAnswering('none', calls)).reconcile(order(), attempt, ctx(false));
    await new PayuniPaymentProvider(gatewayAnswering('none', calls)).reconcile(order(), { ...attempt, gateway: 'other' }, ctx(false));
    expect(calls).toEqual(['SS260310AR2', 'SS260310A']);
  });
});

describe('PayuniPaymentProvider: card refunds and code cancels', () => {
  it('refuses a refund of a card trade that is not paid, without asking anything else', async () => {
    const r = await new PayuniPaymentProvider(gatewayAnswering(trade({ tradeStatus: 3 }))).refund(order({ paid: true }), 100);
    expect(r).toMatchObject({ kind: 'failed', message: '退款失敗：查無已付款的信用卡交易' });
  });

  it('finds the paid card trade by the TradeNo recorded at payment (a retried payment has its own MerTradeNo), else by the order number', async () => {
    const calls: string[] = [];
    await new PayuniPaymentProvider(gatewayAnswering(trade({ tradeStatus: 3 }), calls)).refund(order({ paid: true, tradeNo: 'T77' }), 100);
    await new PayuniPaymentProvider(gatewayAnswering(trade({ tradeStatus: 3 }), calls)).refund(order({ paid: true, tradeNo: 'mer:SS260310A' }), 100);
    await new PayuniPaymentProvider(gatewayAnswering('none', calls)).refund(order({ paid: true, tradeNo: 'T77' }), 100);
    expect(calls).toEqual(['TradeNo T77', 'SS260310A', 'TradeNo T77', 'SS260310A']);
  });

  it('after a lost answer, RefundAmt up to the expected total means done; a void of the whole too', async () => {
    const p = (t: TradeRecord) => new PayuniPaymentProvider(gatewayAnswering(t));
    expect(await p(trade({ refundAmt: 300 })).checkRefund(order(), 300, 300, new Error('x'))).toMatchObject({ kind: 'done', method: 'credit-refund' });
    expect(await p(trade({ tradeStatus: 3 })).checkRefund(order(), 1280, 1280, new Error('x'))).toMatchObject({ kind: 'done', method: 'credit-void' });
    expect(await p(trade({ refundAmt: 0 })).checkRefund(order(), 300, 300, new Error('x'))).toMatchObject({ kind: 'failed' });
    expect(await new PayuniPaymentProvider(gatewayAnswering(new PayuniError('NETWORK', 'down', true))).checkRefund(order(), 300, 300, new Error('x'))).toMatchObject({ kind: 'unknown' });
  });

  it('cancels only a CVS code; an ATM account cannot be cancelled (it lapses)', async () => {
    const payuni = { cancelCvs: async () => ({ payNo: 'P1', verifyCode: '123456', raw: {} }) } as unknown as PayuniGateway;
    const base = { id: 1, orderId: 7, merTradeNo: 'SS260310A', gateway: 'payuni', tradeNo: 'T1', amount: 1280, status: 'cancelled', payNo: 'P1', createdAt: NOW };
    expect(await new PayuniPaymentProvider(payuni).cancelCode({ ...base, method: 'cvs' })).toMatchObject({ outcome: 'done', record: { verifyCode: '123456' } });
    expect(await new PayuniPaymentProvider(payuni).cancelCode({ ...base, method: 'atm' })).toEqual({ outcome: 'unsupported' });
    const gone = { cancelCvs: async () => Promise.reject(new PayuniError('CVS03002', '已繳費')) } as unknown as PayuniGateway;
    expect(await new PayuniPaymentProvider(gone).cancelCode({ ...base, method: 'cvs' })).toMatchObject({ outcome: 'done', record: { answer: 'CVS03002' } });
  });
});

import {
  canMove,
  canMoveRefund,
  moveRefusal,
  ORDER_STATES,
  orderStatusLabel,
  PAYMENT_STATE_CODE,
  PAYMENT_STATES,
  planMove,
  TRANSITIONS,
  transitionSentence,
  type Actor,
  type MoveName,
  type OrderState,
  type OrderStateRow,
  type PaymentState,
} from './order-lifecycle';

const row = (status: OrderState, pay: PaymentState, payment = 'atm', ret = ''): OrderStateRow => ({
  status_name: status,
  payment_status: PAYMENT_STATE_CODE[pay],
  return_status: ret,
  payment,
});
const staff: Actor = { kind: 'staff', id: 1, name: 'amy', role: 'staff' };
const owner: Actor = { kind: 'staff', id: 2, name: 'boss', role: 'owner' };
const editor: Actor = { kind: 'staff', id: 3, name: 'ed', role: 'editor' };
const shopper: Actor = { kind: 'shopper', id: 9 };
const gateway: Actor = { kind: 'gateway' };
const job: Actor = { kind: 'job' };

describe('order lifecycle table', () => {
  it('every rule names known states, actors, and a label', () => {
    for (const t of TRANSITIONS) {
      expect(t.label).not.toBe('');
      expect(t.by.length).toBeGreaterThan(0);
      for (const s of [...(t.order?.from ?? []), ...(t.order?.to ? [t.order.to] : [])]) expect(ORDER_STATES).toContain(s);
      for (const s of [...(t.payment?.from ?? []), ...(t.payment?.to ? [t.payment.to] : [])]) expect(PAYMENT_STATES).toContain(s);
    }
  });

  it('pays a pending online order: order pending → paid, payment unpaid → paid, conditional on both', () => {
    const plan = planMove('pay', row('pending', 'unpaid'), gateway);
    expect(plan).toMatchObject({
      ok: true,
      set: { status_name: 'paid', payment_status: 1 },
      where: { status_name: 'pending', payment_status: 0 },
      transitions: [
        { machine: 'order', from: 'pending', to: 'paid' },
        { machine: 'payment', from: 'unpaid', to: 'paid' },
      ],
    });
    expect(planMove('pay', row('pending', 'failed', 'credit'), job).ok).toBe(true);
  });

  it('refuses illegal moves', () => {
    const illegal: Array<[MoveName, OrderStateRow, Actor]> = [
      ['pay', row('paid', 'paid'), gateway],
      ['pay', row('cancelled', 'unpaid'), gateway],
      ['pay', row('pending', 'refunded'), gateway],
      ['cancel', row('paid', 'paid'), shopper],
      ['cancel', row('shipped', 'paid'), shopper],
      ['cancel', row('pending', 'paid', 'cod'), shopper],
      ['startProcessing', row('pending', 'unpaid', 'atm'), staff],
      ['startProcessing', row('shipped', 'paid'), staff],
      ['startProcessing', row('cancelled', 'unpaid', 'cod'), staff],
      ['ship', row('pending', 'unpaid', 'atm'), job],
      ['ship', row('cancelled', 'paid'), job],
      ['deliver', row('paid', 'paid'), gateway],
      ['complete', row('shipped', 'paid'), job],
      ['complete', row('delivered', 'paid', 'atm', 'requested'), job],
      ['complete', row('delivered', 'paid', 'atm', 'approved'), job],
      ['complete', row('delivered', 'refunded'), job],
      ['staffCancel', row('pending', 'unpaid', 'atm'), staff],
      ['staffCancel', row('pending', 'paid', 'cod'), staff],
      ['staffCancel', row('shipped', 'unpaid', 'cod'), staff],
      ['refundFull', row('pending', 'unpaid'), staff],
      ['refundFull', row('delivered', 'refunded'), staff],
      ['payAfterRefund', row('delivered', 'paid'), gateway],
      ['requestReturn', row('completed', 'paid'), shopper],
      ['requestReturn', row('delivered', 'paid', 'atm', 'refused'), shopper],
      ['approveReturn', row('delivered', 'paid', 'atm', 'approved'), staff],
    ];
    for (const [move, r, actor] of illegal) expect({ move, r, plan: planMove(move, r, actor) }).toEqual({ move, r, plan: { ok: false, why: 'illegal' } });
  });

  it('knows who may make each move', () => {
    expect(planMove('startProcessing', row('paid', 'paid'), shopper)).toEqual({ ok: false, why: 'forbidden' });
    expect(planMove('startProcessing', row('paid', 'paid'), editor)).toEqual({ ok: false, why: 'forbidden' });
    expect(canMove('startProcessing', row('paid', 'paid'), staff)).toBe(true);
    expect(canMove('startProcessing', row('paid', 'paid'), owner)).toBe(true);
    expect(planMove('complete', row('delivered', 'paid'), staff)).toEqual({ ok: false, why: 'forbidden' });
    expect(planMove('pay', row('pending', 'unpaid'), shopper)).toEqual({ ok: false, why: 'forbidden' });
    expect(planMove('cancel', row('pending', 'unpaid'), staff)).toEqual({ ok: false, why: 'forbidden' });
    expect(planMove('staffCancel', row('pending', 'unpaid', 'cod'), shopper)).toEqual({ ok: false, why: 'forbidden' });
  });

  it('開始備貨 from paid, or from a cash-on-delivery order not yet paid', () => {
    expect(planMove('startProcessing', row('paid', 'paid'), staff)).toMatchObject({ ok: true, set: { status_name: 'processing' }, where: { status_name: 'paid', payment_status: 1 } });
    expect(planMove('startProcessing', row('pending', 'unpaid', 'cod'), staff)).toMatchObject({ ok: true, set: { status_name: 'processing' } });
  });

  it('ships paid orders and cash on delivery unpaid, delivers, collects cod, completes', () => {
    expect(planMove('ship', row('processing', 'paid'), job)).toMatchObject({ ok: true, set: { status_name: 'shipped' } });
    expect(planMove('ship', row('pending', 'unpaid', 'cod'), job)).toMatchObject({ ok: true, set: { status_name: 'shipped' } });
    expect(planMove('deliver', row('shipped', 'unpaid', 'cod'), gateway)).toMatchObject({ ok: true, set: { status_name: 'delivered' } });
    expect(planMove('collectCod', row('delivered', 'unpaid', 'cod'), gateway)).toMatchObject({ ok: true, set: { payment_status: 1 } });
    expect(planMove('collectCod', row('delivered', 'unpaid', 'atm'), gateway).ok).toBe(false);
    expect(planMove('complete', row('delivered', 'paid', 'atm', 'refused'), job)).toMatchObject({ ok: true, set: { status_name: 'completed' } });
  });

  it('staff cancel an unpaid cash-on-delivery order, also once 備貨中', () => {
    expect(planMove('staffCancel', row('pending', 'unpaid', 'cod'), staff)).toMatchObject({ ok: true, set: { status_name: 'cancelled' } });
    expect(planMove('staffCancel', row('processing', 'unpaid', 'cod'), owner)).toMatchObject({ ok: true, set: { status_name: 'cancelled' } });
  });

  it('a full refund cancels before shipping and returns after; a late payment keeps the refund', () => {
    expect(planMove('refundFull', row('paid', 'paid'), staff)).toMatchObject({ ok: true, set: { status_name: 'cancelled', payment_status: 3 } });
    expect(planMove('refundFull', row('completed', 'paid'), staff)).toMatchObject({ ok: true, set: { status_name: 'returned', payment_status: 3 } });
    const late = planMove('payAfterRefund', row('cancelled', 'refunded'), gateway);
    expect(late).toMatchObject({ ok: true, set: {}, transitions: [{ machine: 'payment', from: 'refunded', to: 'refunded' }] });
    expect(planMove('payAfterCancel', row('cancelled', 'unpaid'), gateway)).toMatchObject({ ok: true, set: { payment_status: 1 } });
  });

  it('return requests: requested → approved | refused, once', () => {
    expect(planMove('requestReturn', row('delivered', 'paid'), shopper)).toMatchObject({ ok: true, set: { return_status: 'requested' }, where: { return_status: '' } });
    expect(planMove('approveReturn', row('delivered', 'paid', 'atm', 'requested'), staff)).toMatchObject({ ok: true, set: { return_status: 'approved' } });
    expect(planMove('refuseReturn', row('delivered', 'paid', 'atm', 'requested'), staff)).toMatchObject({ ok: true, set: { return_status: 'refused' } });
  });

  it('訂單折扣 only while the order awaits its payment, by owner or staff; it changes no state', () => {
    expect(planMove('discount', row('pending', 'unpaid'), staff)).toEqual(expect.objectContaining({ ok: true, set: {}, transitions: [] }));
    expect(canMove('discount', row('pending', 'failed', 'credit'), owner)).toBe(true);
    expect(canMove('discount', row('pending', 'unpaid', 'cod'), staff)).toBe(true);
    for (const r of [row('paid', 'paid'), row('cancelled', 'unpaid'), row('processing', 'unpaid', 'cod'), row('cancelled', 'refunded')]) expect(planMove('discount', r, staff)).toEqual({ ok: false, why: 'illegal' });
    expect(planMove('discount', row('pending', 'unpaid'), editor)).toEqual({ ok: false, why: 'forbidden' });
    expect(planMove('discount', row('pending', 'unpaid'), shopper)).toEqual({ ok: false, why: 'forbidden' });
  });

  it('moveRefusal tells the state, the method and the actor apart, and is null exactly when canMove', () => {
    expect(moveRefusal('retryPayment', row('pending', 'failed', 'credit'), shopper)).toBeNull();
    expect(moveRefusal('retryPayment', row('paid', 'paid', 'credit'), shopper)).toBe('state');
    expect(moveRefusal('retryPayment', row('pending', 'unpaid', 'cod'), shopper)).toBe('method');
    expect(moveRefusal('retryPayment', row('pending', 'unpaid', 'credit'), staff)).toBe('forbidden');
    expect(moveRefusal('refundFull', row('delivered', 'paid'), staff)).toBeNull();
    expect(moveRefusal('refundFull', row('pending', 'unpaid'), staff)).toBe('state');
    const actors = [staff, owner, editor, shopper, gateway, job];
    const moves = [...new Set(TRANSITIONS.map((t) => t.move))];
    for (const move of moves)
      for (const s of ORDER_STATES)
        for (const p of PAYMENT_STATES)
          for (const payment of ['atm', 'credit', 'cod'])
            for (const ret of ['', 'requested'])
              for (const a of actors) {
                const r = row(s, p, payment, ret);
                const why = moveRefusal(move, r, a);
                const plan = planMove(move, r, a);
                expect({ move, r, a, may: why === null, forbidden: why === 'forbidden' }).toEqual({ move, r, a, may: plan.ok, forbidden: !plan.ok && plan.why === 'forbidden' });
              }
  });

  it('refund rows: pending → done | failed by the gateway, a transfer done by staff', () => {
    expect(canMoveRefund('pending', 'done', 'job')).toBe(true);
    expect(canMoveRefund('manual', 'done', 'staff')).toBe(true);
    expect(canMoveRefund('done', 'pending', 'staff')).toBe(false);
    expect(canMoveRefund('failed', 'done', 'job')).toBe(false);
  });

  it('labels: an unpaid online order reads 待付款, cash on delivery 處理中', () => {
    expect(orderStatusLabel({ status_name: 'pending', payment_status: 0, payment: 'atm' }, '處理中')).toBe('待付款');
    expect(orderStatusLabel({ status_name: 'pending', payment_status: 2, payment: 'credit' }, '處理中')).toBe('待付款');
    expect(orderStatusLabel({ status_name: 'pending', payment_status: 0, payment: 'cod' }, '處理中')).toBe('處理中');
    expect(orderStatusLabel({ status_name: 'processing', payment_status: 1, payment: 'atm' })).toBe('備貨中');
    expect(transitionSentence({ machine: 'order', from_state: 'pending', to_state: 'paid' }, 'atm')).toBe('訂單狀態：待付款 → 已付款');
    expect(transitionSentence({ machine: 'payment', from_state: 'unpaid', to_state: 'paid' })).toBe('付款狀態：未付款 → 已付款');
    expect(transitionSentence({ machine: 'payment', from_state: 'refunded', to_state: 'refunded' })).toBe('付款狀態：已退款');
  });
});

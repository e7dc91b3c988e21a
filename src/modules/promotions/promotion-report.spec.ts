import type { PromotionOrderFigures } from '../orders/order-stats.service';
import { reportOf } from './promotion-report.service';

const order = (o: Partial<PromotionOrderFigures>): PromotionOrderFigures => ({ merTradeNo: 'X', paid: true, goods: 0, refunded: 0, ...o });

describe('promotion report figures (issue 20 rule 17)', () => {
  it('counts uses, discounts and codes; revenue of paid orders less refunded goods; by Taipei day', () => {
    const uses = [
      // 2026-05-31 23:30 Taipei
      { order_id: 1, discount: 100, code: '', created_at: new Date('2026-05-31T15:30:00Z') },
      // 2026-06-01 00:10 Taipei (still 5-31 in UTC)
      { order_id: 2, discount: 150, code: 'WELCOME100', created_at: new Date('2026-05-31T16:10:00Z') },
      { order_id: 3, discount: 80, code: '', created_at: new Date('2026-06-01T02:00:00Z') },
    ];
    const orders = new Map([
      [1, order({ goods: 900 })],
      // paid, refunded 360 of which 60 shipping: goods back 300
      [2, order({ goods: 1350, refunded: 360 })],
      // unpaid: no revenue yet
      [3, order({ goods: 500, paid: false })],
    ]);
    const r = reportOf(uses, orders, new Map([[2, 60]]));
    expect(r).toEqual({
      orders: 3,
      discountTotal: 330,
      revenue: 900 + 1050,
      codesUsed: 1,
      byDay: [
        { date: '2026-05-31', orders: 1, discountTotal: 100, revenue: 900 },
        { date: '2026-06-01', orders: 2, discountTotal: 230, revenue: 1050 },
      ],
    });
  });

  it('a fully refunded order earns nothing (refund of goods and shipping)', () => {
    const r = reportOf([{ order_id: 9, discount: 50, code: '', created_at: new Date() }], new Map([[9, order({ goods: 950, refunded: 1010 })]]), new Map([[9, 60]]));
    expect(r.revenue).toBe(0);
    expect(r.orders).toBe(1);
  });
});

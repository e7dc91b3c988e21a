import { orderNewsLink, orderNewsText } from './order-news-texts';

describe('order news texts', () => {
  const o = { merTradeNo: 'SS2611290001', totalAmount: 1360, storeName: '台北門市' };
  const ctx = { shopName: '肌研舍', origin: 'https://shop.example.com/', allowanceToken: 'tok123' };
  const link = 'https://shop.example.com/paymentSlip?MerTradeNo=SS2611290001';

  it('each kind names the shop and the order and links to it', () => {
    expect(orderNewsLink(ctx.origin, o.merTradeNo)).toBe(link);
    for (const kind of ['placed', 'paid', 'shipped', 'at-store', 'delivered', 'cancelled', 'refunded'] as const) {
      const text = orderNewsText(kind, o, ctx);
      expect(text.startsWith('【肌研舍】訂單 SS2611290001')).toBe(true);
      expect(text).toContain(link);
    }
    expect(orderNewsText('paid', o, ctx)).toContain('已收到付款 NT$ 1,360');
    expect(orderNewsText('at-store', o, ctx)).toContain('已送達 台北門市，請於 7 天內攜帶證件取件');
    expect(orderNewsText('allowance-consent', o, ctx)).toBe('【肌研舍】訂單 SS2611290001 的退款需要您同意電子發票折讓：https://shop.example.com/allowance/tok123');
  });
});

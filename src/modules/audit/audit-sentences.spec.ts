import { auditLines, changeSentence } from './audit-sentences';

describe('audit entries as sentences of labels (issue 19 §6)', () => {
  it('order states, payment states, money and shipping tickets read as labels, never codes or JSON', () => {
    expect(changeSentence('status_name', 'paid', 'processing')).toBe('訂單狀態：已付款 → 備貨中');
    expect(changeSentence('payment_status', 0, 1)).toBe('付款狀態：未付款 → 已付款');
    expect(changeSentence('shipping_cost', 60, 80)).toBe('運費：60 → 80');
    expect(changeSentence('free_shipping_threshold', 1000, 1500)).toBe('免運門檻：1,000 → 1,500');
    expect(changeSentence('ticket', null, { id: 12, lgsType: 'HOME', shipType: '1', shipDate: '2026-11-28' })).toBe('出貨單：黑貓宅配 #12（出貨日 2026-11-28）');
    expect(changeSentence('return_status', 'requested', 'approved')).toBe('退貨狀態：待審核 → 已同意');
    expect(changeSentence('is_active', 1, 0)).toBe('啟用：是 → 否');
    expect(changeSentence('role', 'staff', 'owner')).toBe('角色：員工 → 擁有者');
    expect(changeSentence('name', '王小明', '陳小華')).toBe('收件人：王小明 → 陳小華');
    expect(changeSentence('refund_id', 7, 7)).toBe('退款編號：7');
  });

  it('unknown fields keep their name; objects are listed, not printed as JSON; empty reads （空）', () => {
    const lines = auditLines({ carrier_note: ['', 'x'], extra: [null, { amount: 100, reason: '破損' }], street: ['信義路 1 號', ''] });
    expect(lines).toEqual(['carrier_note：x', 'extra：金額 100、原因 破損', '地址：信義路 1 號 → （空）']);
    for (const l of lines) expect(l).not.toMatch(/[{}"]/);
    expect(auditLines(null)).toEqual([]);
  });
});

describe('promotion audit entries (issue 20)', () => {
  it('kinds, scopes, modes, switches, money, times and lists read as staff say them', () => {
    expect(changeSentence('promotion_name', null, '滿千折百')).toBe('活動名稱：滿千折百');
    expect(changeSentence('kind', 'amount_off', 'percent_off')).toBe('活動類型：滿額折 → 折扣');
    expect(changeSentence('coupon_mode', 'none', 'shared')).toBe('折扣碼方式：自動套用 → 通用折扣碼');
    expect(changeSentence('scope', 'all', 'categories')).toBe('適用範圍：全館 → 指定分類');
    expect(changeSentence('stackable', 0, 1)).toBe('可與其他活動併用：否 → 是');
    expect(changeSentence('min_subtotal', 1000, 1500)).toBe('最低消費：1,000 → 1,500');
    expect(changeSentence('starts_at', null, '2026-12-01T00:00:00+08:00')).toBe('開始時間：2026-12-01 00:00');
    expect(changeSentence('tiers', [{ threshold: 1000, value: 100 }], [{ threshold: 1000, value: 100 }, { threshold: 2000, value: 250 }])).toBe(
      '滿額級距：滿 1,000 折 100 → 滿 1,000 折 100、滿 2,000 折 250',
    );
    expect(changeSentence('addon_items', [], [{ variant_id: 12, addon_price: 49, max_per_order: 2 }])).toBe('加價購商品：（空） → #12 NT$ 49（每單 2）');
    expect(changeSentence('category_ids', [], [6])).toBe('適用分類：（空） → #6');
  });
});

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

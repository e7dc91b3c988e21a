import { generateCode } from './code-hasher';
import { emailCodeMail, smsText } from './code-messages';

describe('one-time codes', () => {
  it('are 6 digits, uniform enough that every leading digit appears', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('SMS texts carry the code, except the already-registered notice', () => {
    expect(smsText('register', '肌研舍', '012345')).toBe('【肌研舍】您的註冊驗證碼：012345，10 分鐘內有效，請勿告知他人。');
    expect(smsText('forgot-password', 'S', '111111')).toContain('重設密碼驗證碼：111111');
    expect(smsText('phone-change', 'S', '222222')).toContain('手機變更驗證碼：222222');
    expect(smsText('already-registered', 'S')).not.toMatch(/\d{6}/);
    // One UCS-2 segment is 70 characters: keep the code messages within it.
    for (const p of ['register', 'forgot-password', 'phone-change'] as const) expect(smsText(p, '肌研舍', '123456').length).toBeLessThanOrEqual(70);
  });

  it('the code mail escapes the shop name and keeps headers on one line', async () => {
    const m = await emailCodeMail('a@example.com', '<b>Shop</b>\r\nBcc: x@y', '123456', 7);
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.html).toContain('&lt;b&gt;Shop&lt;/b&gt;');
    expect(m.text).toContain('123456');
    expect(m.messageId).toBe('<email-code-7@skinshop.local>');
  });
});


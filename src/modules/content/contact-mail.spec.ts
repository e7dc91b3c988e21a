import { composeContactMail } from './contact-mail';

describe('composeContactMail', () => {
  const base = {
    id: 7,
    name: '王小明',
    email: 'ming@example.com',
    phone: '0912345678',
    message: '你好\n想詢問 <b>產品</b> & 價格',
    userId: null,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
  };

  it('addresses the shop, replies to the visitor and keeps a stable Message-ID', async () => {
    const mail = await composeContactMail(base, 'service@skinshop.test', '肌研舍');
    expect(mail.to).toBe('service@skinshop.test');
    expect(mail.replyTo).toEqual({ name: '王小明', address: 'ming@example.com' });
    expect(mail.subject).toBe('【肌研舍】官網聯絡表單：王小明');
    expect(mail.messageId).toBe(`<contact-7-${base.createdAt.getTime()}@skinshop.contact>`);
    expect((await composeContactMail(base, 'service@skinshop.test', '肌研舍')).messageId).toBe(mail.messageId);
    expect(mail.text).toContain('訊息內容：\n你好\n想詢問 <b>產品</b> & 價格');
    expect(mail.text).toContain('時間：2026-01-02 11:04（台北時間）');
  });

  it('escapes every visitor value in the HTML body and keeps line breaks', async () => {
    const mail = await composeContactMail(
      { ...base, name: '<img src=x onerror=alert(1)>', email: 'a"b@example.com', phone: '<script>', message: '<script>alert(1)</script>\n第二行' },
      'service@skinshop.test',
      '肌研舍',
    );
    expect(mail.html).not.toMatch(/<script|<img/);
    // The shop's layout (issue 22 §6): each value in its own cell; the message keeps its line breaks (pre-line).
    expect(mail.html).toMatch(/<td[^>]*>&lt;img src=x onerror=alert\(1\)&gt;<\/td>/);
    expect(mail.html).toMatch(/<td[^>]*>a&quot;b@example\.com<\/td>/);
    expect(mail.html).toContain('<div style="white-space:pre-line">&lt;script&gt;alert(1)&lt;/script&gt;\n第二行</div>');
  });

  it('keeps header values on one line', async () => {
    const mail = await composeContactMail({ ...base, name: '惡意\r\nBcc: victim@example.com' }, 'service@skinshop.test', '肌研舍');
    expect(mail.subject).toBe('【肌研舍】官網聯絡表單：惡意 Bcc: victim@example.com');
    expect(mail.replyTo).toEqual({ name: '惡意 Bcc: victim@example.com', address: 'ming@example.com' });
  });
});

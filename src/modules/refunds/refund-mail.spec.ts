import { normalBrand } from '../../integrations/mail/templates/mail-templates';
import type { Refund } from './entities/refund.entity';
import { ALLOWANCE_MAIL_NOTE, allowanceLink, refundMail } from './refund-mail';

const order = { id: 42, mer_trade_no: 'SS20261124000042', buy_name: '王<小明>', buy_email: 'ming@example.com', created_at: new Date('2026-11-24T07:00:00Z') };
const refund = { id: 7, amount: 300, method: 'credit-refund', bank_code: '', bank_account: '' } as Refund;
const token = 'x'.repeat(40) + 'A_-';
const brand = (origin: string) => normalBrand({ name: '肌膚小舖', origin });

describe('refund mail: the allowance consent link (issue 19 §4)', () => {
  it('links to /allowance/<token> with 同意電子折讓 and the allowance amount when one awaits consent', async () => {
    const m = await refundMail(order, refund, { brand: brand('https://shop.example.com/'), allowance: { token, amount: 300 } });
    const link = `https://shop.example.com/allowance/${token}`;
    expect(allowanceLink('https://shop.example.com/', token)).toBe(link);
    expect(m.text).toContain(ALLOWANCE_MAIL_NOTE);
    expect(m.text).toContain(`同意電子折讓：${link}`);
    expect(m.text).toContain('折讓金額：NT$ 300');
    expect(m.html).toContain(`href="${link}"`);
    expect(m.html).toMatch(/>\s*同意電子折讓\s*<\/a>/);
    expect(m.html).toContain('王&lt;小明&gt;');
  });

  it('says nothing of an allowance otherwise', async () => {
    for (const allowance of [undefined, null]) {
      const m = await refundMail(order, refund, { brand: brand('https://shop.example.com'), allowance });
      expect(m.text).not.toContain('折讓');
      expect(m.html).not.toContain('allowance');
    }
  });
});

import { renderSamples, SAMPLE_BRAND, SAMPLE_CTX, SAMPLE_ITEMS, SAMPLE_ORDER, type MailSample } from './testing/mail-samples';
import { orderPaidMail } from '../../../modules/orders/order-mail';
import { compileLayoutWithMjml } from './layout-build';
import { LAYOUT_HTML } from './layout.compiled';
import { BRAND_COLOR, normalBrand, renderMail, renderNoticeMail, tintOf } from './mail-templates';

/** The item table of a rendered mail: its rows, each as the text of its cells. */
function itemRows(html: string): string[][] {
  const table = /<table[^>]*>(?:(?!<\/table>)[\s\S])*?>商品<\/th>[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()));
}

describe('shop e-mail templates (issue 22 §6)', () => {
  let samples: MailSample[];
  beforeAll(async () => {
    samples = await renderSamples();
  });
  const sample = (name: string) => {
    const found = samples.find((s) => s.name === name);
    if (!found) throw new Error(`no sample ${name}`);
    return found.mail;
  };

  it('layout.compiled.ts is the MJML layout as MJML compiles it now (run node test/mail-preview/compile-layout.cjs after editing layout.mjml.ts)', async () => {
    expect(LAYOUT_HTML).toBe(await compileLayoutWithMjml());
  });

  it.each([
    'order-confirmation',
    'order-new-code',
    'order-paid',
    'order-shipped',
    'order-at-store',
    'order-delivered',
    'order-cancelled',
    'order-refunded',
    'allowance-consent',
    'verification-code',
    'contact',
    'notice',
  ])('%s: HTML and plain text as rendered (snapshot)', (name) => {
    const mail = sample(name);
    expect(mail.subject).toMatchSnapshot('subject');
    expect(mail.text).toMatchSnapshot('text');
    expect(mail.html).toMatchSnapshot('html');
  });

  it('every mail has both parts, the brand, and no unfilled field or placeholder colour', () => {
    for (const { name, mail } of samples) {
      expect([name, mail.text.length > 0, (mail.html ?? '').startsWith('<!doctype html>')]).toEqual([name, true, true]);
      expect(mail.html).toContain('肌研舍 Skinshop');
      expect(mail.html).toContain(BRAND_COLOR);
      expect(mail.html).not.toMatch(/\{\{|\}\}|#fe0[12]fe/);
    }
  });

  it('the item table has separate columns 商品, 數量, 單價, 小計, and each discount is its own row', () => {
    const rows = itemRows(sample('order-confirmation').html ?? '');
    expect(rows[0]).toEqual(['商品', '數量', '單價', '小計']);
    expect(rows[1]).toEqual(['玫瑰保濕精華液 30ml', '2', 'NT$ 680', 'NT$ 1,360']);
    expect(rows[2]).toEqual(['第二件 8 折', '−NT$ 136']);
    expect(rows[3]).toEqual(['溫和潔顏慕斯 &lt;script&gt;alert(1)&lt;/script&gt;', '1', 'NT$ 1,360', 'NT$ 1,360']);
    expect(rows[4]).toEqual(['【贈品】旅行組化妝包', '1', 'NT$ 0', 'NT$ 0']);
    // Never two amounts in one cell (the old mails showed "NT$ 680NT$ 1,360").
    expect(rows.flat().filter((cell) => (cell.match(/NT\$/g) ?? []).length > 1)).toEqual([]);
  });

  it('the totals: 商品小計 (what the table adds up to), each order adjustment, 運費, 訂單總額', () => {
    const text = sample('order-confirmation').text;
    const totals = ['商品小計：NT$ 2,584', '滿千折百：−NT$ 100', '購物金折抵：−NT$ 14', '運費：NT$ 60', '訂單總額：NT$ 2,530'];
    const at = totals.map((t) => text.indexOf(t));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain('第二件 8 折：');
  });

  it('付款完成通知 carries the invoice number once the order has one, and not before', async () => {
    const paid = { ...SAMPLE_ORDER, payment_status: 1, paid_at: new Date('2026-11-28T08:05:00Z') };
    const withNo = await orderPaidMail({ ...paid, invoice_no: 'AB12345678' }, SAMPLE_CTX, SAMPLE_ITEMS);
    expect(withNo.text).toContain('發票號碼：AB12345678');
    expect(withNo.html).toContain('AB12345678');
    const without = await orderPaidMail({ ...paid, invoice_no: '' }, SAMPLE_CTX);
    expect(without.text).not.toContain('發票號碼');
    expect(without.text).toContain('電子發票存入手機條碼載具 /ABC+123');
  });

  it('escapes every buyer value (names, items, store) and keeps links intact', () => {
    for (const { name, mail } of samples) {
      const html = mail.html ?? '';
      expect([name, /<script|<b>|<i>|<img/.test(html)]).toEqual([name, false]);
    }
    const html = sample('order-confirmation').html ?? '';
    expect(html).toContain('王&lt;b&gt;小明&lt;/b&gt; 您好：');
    expect(html).toContain('大安&lt;i&gt;門市&lt;/i&gt;（991182）');
    expect(html).toContain('href="https://shop.example/paymentSlip?MerTradeNo=SS2611280001024ABCDEF"');
    // The plain-text part is text: the name as typed.
    expect(sample('order-confirmation').text).toContain('王<b>小明</b> 您好：');
  });

  it('a value that tries to leave an attribute or a link stays inside it', async () => {
    const { html } = await renderMail({
      brand: normalBrand({ name: 'S', origin: 'https://shop.example' }),
      subject: 's',
      preview: '',
      headline: '"><img src=x onerror=alert(1)>',
      button: { url: 'https://x.example/"onmouseover="alert(1)', label: '<b>go</b>' },
    });
    expect(html).not.toMatch(/<img src=x|"onmouseover="/);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;go&lt;/b&gt;');
  });

  it('the brand: a logo URL and colour from settings; anything unsafe falls back to the defaults', async () => {
    const brand = normalBrand({ name: '店', origin: 'https://shop.example/', logoUrl: 'https://cdn.example/logo.png', color: '#1F6F5C' });
    expect(brand).toMatchObject({ origin: 'https://shop.example', logoUrl: 'https://cdn.example/logo.png', color: '#1f6f5c' });
    const { html } = await renderMail({ brand, subject: 's', preview: '', headline: 'h', code: '123456' });
    expect(html).toContain('src="https://cdn.example/logo.png"');
    expect(html).toContain('#1f6f5c');
    expect(html).toContain(tintOf('#1f6f5c'));
    expect(normalBrand({ name: '店', origin: '', logoUrl: 'javascript:alert(1)', color: 'red;background:url(x)' })).toMatchObject({ logoUrl: '', color: BRAND_COLOR });
  });

  it('renderNoticeMail: the headline, body paragraphs, one button, the unsubscribe link only when given', async () => {
    const withLink = await renderNoticeMail({ shop: SAMPLE_BRAND, headline: '貨到通知', body: '您關注的「A」已到貨。\n\n第二段', link: 'https://shop.example/product/1', unsubscribeUrl: 'https://shop.example/unsubscribe/t' });
    expect(withLink.text).toContain('您關注的「A」已到貨。\n\n第二段');
    expect(withLink.text).toContain('查看詳情：https://shop.example/product/1');
    expect(withLink.text).toContain('取消訂閱：https://shop.example/unsubscribe/t');
    expect(withLink.html).toContain('href="https://shop.example/unsubscribe/t"');
    const plain = await renderNoticeMail({ shop: SAMPLE_BRAND, headline: '貨到通知', body: 'x', link: 'https://shop.example/' });
    expect(plain.html).not.toContain('取消訂閱');
    expect(plain.text).not.toContain('取消訂閱');
  });
});

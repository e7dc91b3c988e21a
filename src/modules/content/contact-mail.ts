import { taipeiDateTime } from '../../common/time/taipei-time';
import { headerSafe, MailMessage } from '../../integrations/mail/mail-sender';
import { normalBrand, renderMail, type MailBrand } from '../../integrations/mail/templates/mail-templates';

export interface ContactMailInput {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  userId: number | null;
  createdAt: Date;
}

/**
 * The e-mail the shop receives for a contact message, in the shop's layout (issue 22 §6): reply-to
 * the visitor, every visitor value HTML-escaped (the message keeps its line breaks), a Message-ID
 * that stays the same if the job is retried.
 */
export async function composeContactMail(msg: ContactMailInput, shopEmail: string, shop: string | MailBrand): Promise<MailMessage> {
  const brand = typeof shop === 'string' ? normalBrand({ name: shop, origin: '' }) : shop;
  const shopName = brand.name;
  const name = headerSafe(msg.name, 50);
  const when = taipeiDateTime(msg.createdAt);
  const rows: [string, string][] = [
    ['姓名', msg.name],
    ['電子郵件', msg.email],
    ['電話', msg.phone || '（未填寫）'],
    ...(msg.userId ? ([['會員編號', String(msg.userId)]] as [string, string][]) : []),
    ['時間', `${when}（台北時間）`],
  ];
  const text = [`${shopName} 官網聯絡表單`, '', ...rows.map(([k, v]) => `${k}：${v}`), '', '訊息內容：', msg.message].join('\n');
  const { html } = await renderMail({
    brand,
    subject: `【${shopName}】官網聯絡表單`,
    preview: `${msg.name}：${msg.message}`.slice(0, 80),
    headline: '官網聯絡表單',
    rows: rows.map(([k, v]) => ({ k, v })),
    sections: [{ title: '訊息內容', rows: [], notes: [msg.message] }],
    footer: '直接回覆此信即可回信給訪客。',
  });
  return {
    to: shopEmail,
    replyTo: { name, address: msg.email },
    subject: headerSafe(`【${shopName}】官網聯絡表單：${name}`),
    text,
    html,
    messageId: `<contact-${msg.id}-${msg.createdAt.getTime()}@skinshop.contact>`,
  };
}

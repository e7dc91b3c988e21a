import { escapeHtml, textToHtml } from '../../common/html/escape-html';
import { taipeiDateTime } from '../../common/time/taipei-time';
import { headerSafe, MailMessage } from '../../integrations/mail/mail-sender';

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
 * The e-mail the shop receives for a contact message: reply-to the visitor, every
 * visitor value HTML-escaped, a Message-ID that stays the same if the job is retried.
 */
export function composeContactMail(msg: ContactMailInput, shopEmail: string, shopName: string): MailMessage {
  const name = headerSafe(msg.name, 50);
  const when = taipeiDateTime(msg.createdAt);
  const rows: [string, string][] = [
    ['姓名', msg.name],
    ['電子郵件', msg.email],
    ['電話', msg.phone || '（未填寫）'],
    ...(msg.userId ? ([['會員編號', String(msg.userId)]] as [string, string][]) : []),
    ['時間', `${when}（台北時間）`],
  ];
  const html = [
    `<h2>${escapeHtml(shopName)} 官網聯絡表單</h2>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<h3>訊息內容</h3>',
    `<p>${textToHtml(msg.message)}</p>`,
    '<p style="color:#888">直接回覆此信即可回信給訪客。</p>',
  ].join('\n');
  const text = [`${shopName} 官網聯絡表單`, '', ...rows.map(([k, v]) => `${k}：${v}`), '', '訊息內容：', msg.message].join('\n');
  return {
    to: shopEmail,
    replyTo: { name, address: msg.email },
    subject: headerSafe(`【${shopName}】官網聯絡表單：${name}`),
    text,
    html,
    messageId: `<contact-${msg.id}-${msg.createdAt.getTime()}@skinshop.contact>`,
  };
}

import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
import { normalBrand, renderMail, type MailBrand } from '../../integrations/mail/templates/mail-templates';
import type { SmsCodePurpose, SmsNotice } from '../../jobs/job-types';

/** SMS texts. Kept short (one 70-character UCS-2 segment where possible); the code is never logged. */
export function smsText(purpose: SmsCodePurpose | SmsNotice, shop: string, code?: string): string {
  switch (purpose) {
    case 'register':
      return `【${shop}】您的註冊驗證碼：${code}，10 分鐘內有效，請勿告知他人。`;
    case 'forgot-password':
      return `【${shop}】您的重設密碼驗證碼：${code}，10 分鐘內有效，如非本人操作請忽略。`;
    case 'phone-change':
      return `【${shop}】您的手機變更驗證碼：${code}，10 分鐘內有效，請勿告知他人。`;
    case 'account-delete':
      return `【${shop}】您的刪除帳號驗證碼：${code}，10 分鐘內有效。如非本人操作請勿提供，並儘速變更密碼。`;
    case 'already-registered':
      return `【${shop}】此手機號碼已是會員，請直接登入；忘記密碼請使用「忘記密碼」。如非本人操作請忽略。`;
  }
}

/** The e-mail change code (`mail.verification-code`) in the shop's layout: the code large, 10 minutes, ignore if not you. */
export async function emailCodeMail(to: string, shop: string | MailBrand, code: string, codeId?: number): Promise<MailMessage> {
  const brand = typeof shop === 'string' ? normalBrand({ name: shop, origin: '' }) : shop;
  const subject = headerSafe(`【${brand.name}】Email 驗證碼`);
  const { html, text } = await renderMail({
    brand,
    subject,
    preview: '您的 Email 驗證碼，10 分鐘內有效',
    headline: 'Email 驗證碼',
    greeting: '您好：',
    intro: [`您的 Email 驗證碼為 ${code}，10 分鐘內有效。`],
    code,
    outro: ['如非本人操作，請忽略此信。'],
    footer: `此為 ${brand.name} 系統通知，請勿直接回覆。`,
  });
  return {
    to,
    subject,
    text,
    html,
    ...(codeId ? { messageId: `<email-code-${codeId}@skinshop.local>` } : {}),
  };
}

import { escapeHtml } from '../../common/html/escape-html';
import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
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
    case 'already-registered':
      return `【${shop}】此手機號碼已是會員，請直接登入；忘記密碼請使用「忘記密碼」。如非本人操作請忽略。`;
  }
}

export function emailCodeMail(to: string, shop: string, code: string, codeId?: number): MailMessage {
  const text = `您好：\n\n您的 Email 驗證碼為 ${code}，10 分鐘內有效。\n如非本人操作，請忽略此信。\n\n${shop}`;
  const html =
    `<p>您好：</p><p>您的 Email 驗證碼為 <strong style="font-size:20px;letter-spacing:4px">${escapeHtml(code)}</strong>，10 分鐘內有效。</p>` +
    `<p>如非本人操作，請忽略此信。</p><p>${escapeHtml(shop)}</p>`;
  return {
    to,
    subject: headerSafe(`【${shop}】Email 驗證碼`),
    text,
    html,
    ...(codeId ? { messageId: `<email-code-${codeId}@skinshop.local>` } : {}),
  };
}

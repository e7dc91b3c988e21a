/**
 * Contact form rules (spec 1 §5), mirroring the server's ContactDto so the visitor sees
 * the same words before and after sending.
 */
export const CONTACT_INCOMPLETE = '請完整填寫姓名、電子郵件與訊息';
export const CONTACT_BAD_EMAIL = 'Email 格式不正確';
export const CONTACT_NAME_TOO_LONG = '姓名請勿超過 50 字';
export const CONTACT_MESSAGE_TOO_LONG = '訊息請勿超過 5000 字';
export const CONTACT_BAD_PHONE = '電話格式不正確';
export const CONTACT_SENT_TITLE = '訊息已送出';
export const CONTACT_SENT_TEXT = '我們將盡快回覆您的訊息，謝謝！';
export const CONTACT_SEND_FAILED = '寄信失敗，請稍後再試。';

export const CONTACT_LIMITS = { name: 50, email: 255, message: 5000, phone: 20 } as const;

export interface ContactForm {
  name: string;
  email: string;
  message: string;
  phone: string;
}

export type ContactField = keyof ContactForm;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()#\- ]*$/;

/** The first problem with the form (field and message), or null when it can be sent. */
export function validateContact(form: ContactForm): { field: ContactField; message: string } | null {
  const name = form.name.trim();
  const email = form.email.trim();
  const message = form.message.trim();
  const phone = form.phone.trim();
  if (!name) return { field: 'name', message: CONTACT_INCOMPLETE };
  if (!email) return { field: 'email', message: CONTACT_INCOMPLETE };
  if (!message) return { field: 'message', message: CONTACT_INCOMPLETE };
  if (name.length > CONTACT_LIMITS.name) return { field: 'name', message: CONTACT_NAME_TOO_LONG };
  if (email.length > CONTACT_LIMITS.email || !EMAIL.test(email)) return { field: 'email', message: CONTACT_BAD_EMAIL };
  if (message.length > CONTACT_LIMITS.message) return { field: 'message', message: CONTACT_MESSAGE_TOO_LONG };
  if (phone.length > CONTACT_LIMITS.phone || !PHONE.test(phone)) return { field: 'phone', message: CONTACT_BAD_PHONE };
  return null;
}

/** The request body: trimmed, phone only when given (the server treats it as optional). */
export function contactBody(form: ContactForm): { name: string; email: string; message: string; phone?: string } {
  const phone = form.phone.trim();
  return { name: form.name.trim(), email: form.email.trim(), message: form.message.trim(), ...(phone ? { phone } : {}) };
}

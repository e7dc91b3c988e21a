import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { SuccessNotice } from '../../../shared/components/SuccessNotice';
import {
  CONTACT_INCOMPLETE,
  CONTACT_LIMITS,
  CONTACT_SEND_FAILED,
  CONTACT_SENT_TEXT,
  CONTACT_SENT_TITLE,
  contactBody,
  validateContact,
  type ContactField,
  type ContactForm as Form,
} from '../../../shared/lib/contact';
import { useContactSendMutation } from './contentApi';

const EMPTY: Form = { name: '', email: '', message: '', phone: '' };
const REQUIRED: ContactField[] = ['name', 'email', 'message'];

/** The fields to mark invalid for a problem: every blank required field for the "incomplete" message. */
function invalidFields(form: Form, problem: { field?: ContactField; message: string } | null): Set<ContactField> {
  if (!problem?.field) return new Set();
  if (problem.message === CONTACT_INCOMPLETE) return new Set(REQUIRED.filter((f) => !form[f].trim()));
  return new Set([problem.field]);
}

/** The contact form (spec 1 §5, §8): name, e-mail, message, optional phone. */
export function ContactForm() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [problem, setProblem] = useState<{ field?: ContactField; message: string } | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { isLoading: sending }] = useContactSendMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();

  const hideNotice = useCallback(() => setSent(false), []);

  const invalid = invalidFields(form, problem);
  const field = (name: ContactField) => ({
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
    'aria-invalid': invalid.has(name) || undefined,
    'aria-describedby': invalid.has(name) ? errorId : undefined,
    disabled: sending,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = validateContact(form);
    if (found) {
      setProblem(found);
      formRef.current?.querySelector<HTMLElement>(`[name="${found.field}"]`)?.focus();
      return;
    }
    setProblem(null);
    try {
      const answer = await send(contactBody(form)).unwrap();
      if (!answer.success) throw { data: answer };
      setForm(EMPTY);
      setSent(true);
    } catch (err) {
      setProblem({ message: apiErrorMessage(err) ?? CONTACT_SEND_FAILED });
    }
  };

  return (
    <>
      <form ref={formRef} className="ss-contact-form" onSubmit={onSubmit} noValidate aria-label="聯絡表單" data-testid="contact-form">
        <div className="ss-field-row">
          <label className="ss-field">
            <span className="ss-field-label">
              姓名 <span className="ss-required" aria-hidden>*</span>
            </span>
            <input {...field('name')} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} aria-required="true" />
          </label>
          <label className="ss-field">
            <span className="ss-field-label">聯絡電話（選填）</span>
            <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={CONTACT_LIMITS.phone} />
          </label>
        </div>
        <label className="ss-field">
          <span className="ss-field-label">
            電子郵件 <span className="ss-required" aria-hidden>*</span>
          </span>
          <input {...field('email')} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} aria-required="true" />
        </label>
        <label className="ss-field">
          <span className="ss-field-label">
            訊息 <span className="ss-required" aria-hidden>*</span>
          </span>
          <textarea {...field('message')} rows={6} maxLength={CONTACT_LIMITS.message} aria-required="true" placeholder="想詢問的商品、訂單編號或肌膚狀況，都可以告訴我們。" />
        </label>
        {problem && (
          <p id={errorId} className="ss-form-error" role="alert">
            {problem.message}
          </p>
        )}
        <button type="submit" className="ss-btn ss-btn--primary ss-btn--large ss-contact-submit" disabled={sending} aria-busy={sending}>
          {sending ? '送出中…' : '送出訊息'}
        </button>
      </form>
      <div aria-live="polite" className="ss-contact-notice-holder">
        {sent && <SuccessNotice title={CONTACT_SENT_TITLE} text={CONTACT_SENT_TEXT} testId="contact-success" onDone={hideNotice} />}
      </div>
    </>
  );
}

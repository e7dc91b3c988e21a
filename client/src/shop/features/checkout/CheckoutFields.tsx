import type { ReactNode } from 'react';
import { ErrorText } from '../../../shared/components/ErrorText';
import { revealField } from '../../../shared/lib/revealField';
import type { FieldErrors, FormField } from './checkoutForm';

/** The element id of a field (or group) of the checkout: errors scroll to it and focus it. */
export const fieldId = (field: FormField | string) => `co-${field}`;
export const errorId = (field: FormField | string) => `co-${field}-error`;

/** The props an input needs to name its field and error. */
export function inputProps(field: FormField | string, error?: string) {
  return {
    id: fieldId(field),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(field) : undefined,
    status: error ? ('error' as const) : undefined,
  };
}

interface FieldProps {
  field: FormField | string;
  label: string;
  error?: string;
  hint?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** A labelled input with its error line under it. */
export function Field({ field, label, error, hint, wide, children }: FieldProps) {
  return (
    <div className={`ss-co-field${wide ? ' ss-co-field--wide' : ''}${error ? ' is-invalid' : ''}`}>
      <label className="ss-co-label" htmlFor={fieldId(field)}>
        {label}
      </label>
      {children}
      {hint && !error ? <p className="ss-co-hint">{hint}</p> : null}
      <ErrorText id={errorId(field)} message={error} />
    </div>
  );
}

interface GroupProps {
  field: FormField | string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** A labelled group of choices (radios) with its error line; the group takes focus when it is the first error. */
export function Group({ field, label, error, children, className }: GroupProps) {
  const labelId = `${fieldId(field)}-label`;
  return (
    <div
      id={fieldId(field)}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId(field) : undefined}
      tabIndex={-1}
      className={`ss-co-group${error ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
    >
      <span id={labelId} className="ss-co-label">
        {label}
      </span>
      {children}
      <ErrorText id={errorId(field)} message={error} />
    </div>
  );
}

interface SectionProps {
  id: string;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}

export function Section({ id, title, extra, children }: SectionProps) {
  return (
    <section className="ss-co-card" aria-labelledby={`${id}-title`}>
      <div className="ss-co-card-head">
        <h2 id={`${id}-title`} className="ss-co-card-title">
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** Focuses a field (its input, or the first choice of a group) and brings it into view below the sticky header. */
export function focusField(field: FormField) {
  const el = document.getElementById(fieldId(field));
  if (!el) return;
  let target: HTMLElement = el;
  if (!el.matches('input, select, textarea')) {
    // A group: its first empty field (the home address's district…), else its chosen option, else its first control.
    const controls = [...el.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]):not([readonly]), select:not([disabled]), textarea, button:not([disabled])')];
    const isChoice = (c: HTMLElement) => c instanceof HTMLInputElement && (c.type === 'radio' || c.type === 'checkbox');
    const empty = controls.find((c) => (c instanceof HTMLInputElement || c instanceof HTMLSelectElement) && !isChoice(c) && !c.value);
    const chosen = controls.find((c) => c instanceof HTMLInputElement && isChoice(c) && c.checked);
    target = empty ?? chosen ?? controls[0] ?? el;
  }
  // The field's box (label, control, error line): its scroll-margin-top keeps it clear of the header (Checkout.css).
  revealField(target.closest('.ss-co-field, .ss-co-group') ?? el, target);
}

/** The errors that have a message. */
export function stripUndefined(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors) as [FormField, string | undefined][]) if (v) out[k] = v;
  return out;
}

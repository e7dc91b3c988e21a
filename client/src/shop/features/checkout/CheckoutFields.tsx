import type { ReactNode } from 'react';
import { ErrorText } from '../../../shared/components/ErrorText';
import type { FormField } from './checkoutForm';

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

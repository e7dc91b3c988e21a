import { useEffect } from 'react';
import './SuccessNotice.css';

/** Success notices close after 2 seconds (spec 1 §9 contact, spec 1 §8 change password, spec 2 §9). */
export const NOTICE_MS = 2000;

interface Props {
  title: string;
  text?: string;
  /** Called when the notice has been shown for NOTICE_MS. */
  onDone: () => void;
  testId?: string;
}

/** A centred confirmation that closes itself (announced to screen readers). */
export function SuccessNotice({ title, text, onDone, testId = 'account-notice' }: Props) {
  useEffect(() => {
    const t = window.setTimeout(onDone, NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [onDone]);
  return (
    <div className="ss-notice" role="status" data-testid={testId}>
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden>
        <circle cx="24" cy="24" r="22" fill="#7d9a83" />
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <strong>{title}</strong>
      {text && <span>{text}</span>}
    </div>
  );
}

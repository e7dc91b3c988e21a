import './ErrorText.css';

interface Props {
  message?: string | null;
  /** For `aria-describedby` of the field it explains. */
  id?: string;
  /** A boxed form-level error (a server answer) instead of a line under a field. */
  block?: boolean;
  testId?: string;
}

/** An error message announced to screen readers (role="alert"); renders nothing without a message. */
export function ErrorText({ message, id, block = false, testId }: Props) {
  if (!message) return null;
  return (
    <p id={id} className={block ? 'ss-error ss-error--block' : 'ss-error'} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

import type { ReactNode } from 'react';
import { usePageTitle } from '../../../app/site/usePageTitle';
import './AuthPages.css';

interface Props {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** The centred card of the login, registration, forgot-password and login-result screens. */
export function AuthCard({ title, intro, children, footer, testId }: Props) {
  usePageTitle(title);
  return (
    <div className="ss-page ss-auth-page">
      <section className="ss-auth-card" aria-labelledby="ss-auth-title" data-testid={testId}>
        <h1 id="ss-auth-title" className="ss-auth-title">
          {title}
        </h1>
        {intro && <p className="ss-auth-intro">{intro}</p>}
        {children}
        {footer && <div className="ss-auth-footer">{footer}</div>}
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default' | 'link';
  size?: 'middle' | 'large';
  block?: boolean;
  className?: string;
  onClick?: () => void;
}

/** A link that looks like a button (a real <a>: opens in a new tab, no nested interactive elements). */
export function LinkButton({ to, children, variant = 'default', size = 'middle', block, className, onClick }: Props) {
  const cls = ['ss-btn', `ss-btn--${variant}`, size === 'large' && 'ss-btn--large', block && 'ss-btn--block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={cls} onClick={onClick}>
      {children}
    </Link>
  );
}

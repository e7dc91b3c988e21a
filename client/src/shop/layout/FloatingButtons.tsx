import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyName, selectSettings } from '../../app/site/siteSlice';
import { SocialIcon } from '../../shared/components/SocialIcon';
import { useReducedMotion } from '../../shared/hooks/useReducedMotion';
import { socialLinks } from '../../shared/lib/company';
import { showsFloatingButtons } from './floatingRules';
import './FloatingButtons.css';

/**
 * Floating buttons on phones (spec 1 §2): messaging app, photo-sharing app and social network
 * (only those set in settings) and scroll to top, folded into one small tab at the screen's
 * right edge, outside the content column, so it covers no price or text (issue 9 §13). The tab
 * opens the list (aria-expanded); Escape, a tap outside, choosing an entry or another page
 * closes it. Not on the cart, checkout and form pages; below antd's drawer and modal masks.
 * CSS shows it below the navbar's mobile breakpoint only.
 */
export function FloatingButtons() {
  const { pathname } = useLocation();
  if (!showsFloatingButtons(pathname)) return null;
  return <FloatingMenu key={pathname} />;
}

/** Keyed by the page: a new page starts with the list closed. */
function FloatingMenu() {
  const settings = useAppSelector(selectSettings);
  const company = useAppSelector(selectCompanyName);
  const reduced = useReducedMotion();
  const links = socialLinks(settings);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A tap or click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const toTop = () => {
    setOpen(false);
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <aside
      ref={rootRef}
      className={`ss-fab${open ? ' is-open' : ''}`}
      aria-label="快速連結"
      data-testid="floating-buttons"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <ul id={listId} className="ss-fab-list" hidden={!open}>
        {links.map((l) => (
          <li key={l.key}>
            <a
              className={`ss-fab-btn ss-fab-btn--${l.key}`}
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${company} 的 ${l.label}（另開新視窗）`}
              onClick={() => setOpen(false)}
            >
              <SocialIcon kind={l.key} />
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="ss-fab-btn ss-fab-btn--top" aria-label="回到頁面頂端" onClick={toTop}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden>
              <path d="M12 19V6M6 11l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </li>
      </ul>
      <button
        ref={toggleRef}
        type="button"
        className="ss-fab-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label="快速連結"
        data-testid="floating-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden>
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path
              d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z M8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
        </svg>
      </button>
    </aside>
  );
}

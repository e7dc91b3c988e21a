import { useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyName, selectSettings } from '../../app/site/siteSlice';
import { SocialIcon } from '../../shared/components/SocialIcon';
import { useReducedMotion } from '../../shared/hooks/useReducedMotion';
import { socialLinks } from '../../shared/lib/company';
import { loadFloatingShown, saveFloatingShown } from './floatingPreference';
import './FloatingButtons.css';

/**
 * Floating buttons on phones (spec 1 §2): messaging app, photo-sharing app and social network
 * (only those set in settings), scroll to top, and a show/hide toggle remembered in localStorage.
 * CSS shows them below the navbar's mobile breakpoint only.
 */
export function FloatingButtons() {
  const settings = useAppSelector(selectSettings);
  const company = useAppSelector(selectCompanyName);
  const reduced = useReducedMotion();
  const links = socialLinks(settings);
  const [shown, setShown] = useState(loadFloatingShown);
  const listId = useId();

  const toggle = () => {
    const next = !shown;
    setShown(next);
    saveFloatingShown(next);
  };
  const toTop = () => {
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <aside className={`ss-fab${shown ? '' : ' is-collapsed'}`} aria-label="快速連結" data-testid="floating-buttons">
      <ul id={listId} className="ss-fab-list" hidden={!shown}>
        {links.map((l) => (
          <li key={l.key}>
            <a
              className={`ss-fab-btn ss-fab-btn--${l.key}`}
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${company} 的 ${l.label}（另開新視窗）`}
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
        type="button"
        className="ss-fab-toggle"
        aria-expanded={shown}
        aria-controls={listId}
        aria-label={shown ? '隱藏快速按鈕' : '顯示快速按鈕'}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden>
          {shown ? (
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          )}
        </svg>
      </button>
    </aside>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { CONSENT_SETTINGS_EVENT, readConsent, saveConsent, takeSettingsRequest } from '../../shared/analytics/consent';
import { keepTabInside } from '../../shared/lib/focusTrap';
import './ConsentBanner.css';

/**
 * The cookie consent (issue 22 §7): 接受 / 拒絕 / 設定 (a dialog with the 分析 Cookie switch). The
 * choice is kept in localStorage `ss_consent`; the analytics load only after 接受 (analytics.ts).
 * Fixed to the bottom (no layout shift), above the phone's bottom bars; plain CSS, loaded after
 * the first screen. Escape closes the settings.
 */
export default function ConsentBanner() {
  const [asked, setAsked] = useState(() => readConsent() === null);
  const [settings, setSettings] = useState(false);

  useEffect(() => {
    const open = () => {
      if (takeSettingsRequest()) setSettings(true);
    };
    open(); // asked before this code had loaded
    window.addEventListener(CONSENT_SETTINGS_EVENT, open);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, open);
  }, []);

  const choose = (analytics: boolean) => {
    saveConsent(analytics);
    setAsked(false);
    setSettings(false);
  };

  return (
    <>
      {asked && (
        <section className="ss-consent" aria-label="Cookie 使用說明" data-testid="consent-banner">
          <p className="ss-consent-text">
            我們使用必要 Cookie 維持購物功能；經您同意後，另使用分析 Cookie 了解網站使用情形。詳見<Link to="/privacypolicy">隱私權政策</Link>。
          </p>
          <div className="ss-consent-actions">
            <button type="button" className="ss-consent-btn" onClick={() => setSettings(true)}>
              設定
            </button>
            <button type="button" className="ss-consent-btn" onClick={() => choose(false)}>
              拒絕
            </button>
            <button type="button" className="ss-consent-btn ss-consent-btn--primary" onClick={() => choose(true)}>
              接受
            </button>
          </div>
        </section>
      )}
      {settings && <ConsentSettings initial={readConsent()?.analytics ?? false} onSave={choose} onClose={() => setSettings(false)} />}
    </>
  );
}

/** The settings dialog: focus moves in, Tab stays inside, Escape (or 取消) closes it and focus goes back. */
function ConsentSettings({ initial, onSave, onClose }: { initial: boolean; onSave: (analytics: boolean) => void; onClose: () => void }) {
  const [analytics, setAnalytics] = useState(initial);
  const ids = { title: useId(), desc: useId() };
  const ref = useRef<HTMLDivElement>(null);
  const switchRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    switchRef.current?.focus();
    return () => back?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (ref.current) keepTabInside(e, ref.current);
  };

  return (
    <div className="ss-consent-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="ss-consent-dialog" role="dialog" aria-modal="true" aria-labelledby={ids.title} aria-describedby={ids.desc} onKeyDown={onKeyDown}>
        <h2 id={ids.title} className="ss-consent-title">
          Cookie 設定
        </h2>
        <p id={ids.desc} className="ss-consent-text">
          您可隨時在頁尾的「Cookie 設定」變更選擇。
        </p>
        <div className="ss-consent-row">
          <div>
            <strong>必要 Cookie</strong>
            <p className="ss-consent-note">登入、購物車與結帳所需，無法關閉。</p>
          </div>
          <span className="ss-consent-always">永遠啟用</span>
        </div>
        <div className="ss-consent-row">
          <div>
            <strong id={`${ids.title}-a`}>分析 Cookie</strong>
            <p className="ss-consent-note">Google Analytics、Meta Pixel：統計瀏覽與購買，協助改善網站與廣告。</p>
          </div>
          <button
            ref={switchRef}
            type="button"
            role="switch"
            aria-checked={analytics}
            aria-labelledby={`${ids.title}-a`}
            className="ss-consent-switch"
            onClick={() => setAnalytics((a) => !a)}
          >
            <span aria-hidden>{analytics ? '開' : '關'}</span>
          </button>
        </div>
        <div className="ss-consent-actions">
          <button type="button" className="ss-consent-btn" onClick={onClose}>
            取消
          </button>
          <button type="button" className="ss-consent-btn ss-consent-btn--primary" onClick={() => onSave(analytics)}>
            儲存設定
          </button>
        </div>
      </div>
    </div>
  );
}

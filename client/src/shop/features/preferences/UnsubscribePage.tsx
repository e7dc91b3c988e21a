import { REACH_MSG } from '@rules/reach-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { useUnsubscribeMutation } from './preferencesApi';
import './Preferences.css';

/** Which list a link takes the member off, as the page names it. */
export const UNSUBSCRIBE_LIST = { email: 'Email 優惠與活動通知', line: 'LINE 優惠與活動通知' } as const;

type State = { kind: 'working' } | { kind: 'done'; channel: 'email' | 'line' } | { kind: 'invalid' } | { kind: 'offline' };

/** A refusal (the link is not ours, or tampered with) vs. a failure to ask (network, 5xx: worth a retry). */
function isRefusal(error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * /unsubscribe/:token (issue 22 §1): the one-click link of every marketing message, no login. The
 * page unsubscribes on load (POST, idempotent: reloading says the same) and names the list; a
 * failure to reach the server offers 重試.
 */
export default function UnsubscribePage() {
  usePageTitle('取消訂閱');
  const { token = '' } = useParams();
  const [unsubscribe] = useUnsubscribeMutation();
  const [state, setState] = useState<State>({ kind: 'working' });
  const asked = useRef('');

  const run = useCallback(async () => {
    setState({ kind: 'working' });
    const res = await unsubscribe(token);
    if ('error' in res) setState(isRefusal(res.error) ? { kind: 'invalid' } : { kind: 'offline' });
    else if (res.data.success && (res.data.channel === 'email' || res.data.channel === 'line')) setState({ kind: 'done', channel: res.data.channel });
    else setState({ kind: 'invalid' });
  }, [token, unsubscribe]);

  useEffect(() => {
    // Once per token (StrictMode runs effects twice in development).
    if (asked.current === token) return;
    asked.current = token;
    if (!token) setState({ kind: 'invalid' });
    else void run();
  }, [token, run]);

  return (
    <div className="ss-container ss-page ss-unsub-page">
      <h1 className="ss-unsub-title">取消訂閱</h1>
      <section className="ss-unsub-card" aria-live="polite" data-testid="unsubscribe-result">
        {state.kind === 'working' && (
          <p className="ss-unsub-muted" role="status">
            處理中…
          </p>
        )}
        {state.kind === 'done' && (
          <>
            <p className="ss-unsub-ok" role="status">
              {REACH_MSG.unsubscribed}
            </p>
            <p>
              您將不再收到 <strong>{UNSUBSCRIBE_LIST[state.channel]}</strong>。訂單、出貨等交易通知不受影響。
            </p>
            <p className="ss-unsub-muted">
              想再收到優惠？登入後可在 <Link to="/profile">會員資料</Link> 重新開啟。
            </p>
          </>
        )}
        {state.kind === 'invalid' && (
          <p className="ss-unsub-error" role="alert">
            {REACH_MSG.unsubscribeInvalid}
          </p>
        )}
        {state.kind === 'offline' && (
          <div role="alert">
            <p className="ss-unsub-error">無法連線，請稍後再試</p>
            <button type="button" className="ss-btn" onClick={() => void run()}>
              重試
            </button>
          </div>
        )}
      </section>
      <p className="ss-unsub-links">
        <Link to="/">回到首頁</Link>
      </p>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { refreshCsrfToken } from '../../../shared/api/csrf';
import { ErrorText } from '../../../shared/components/ErrorText';
import { AuthCard } from './AuthCard';
import { useGetUserQuery } from './sessionApi';
import { useFinishLogin } from './useFinishLogin';

/**
 * /loginres, where a social login lands (spec 1 §2, §4): asks the server who logged in, stores
 * the member and follows the login redirect rules; without a member, offers the way back to /login.
 */
export default function LoginResultPage() {
  const { data: user, isError, isFetching, fulfilledTimeStamp, refetch } = useGetUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const finish = useFinishLogin();
  const done = useRef(false);
  // Only an answer asked for by this screen counts (not a copy cached before the social login).
  const [mountedAt] = useState(() => Date.now());
  const fresh = user !== undefined && !isFetching && !isError && (fulfilledTimeStamp ?? 0) >= mountedAt;

  useEffect(() => {
    refreshCsrfToken(); // the login rotated the session id, and with it the CSRF token
  }, []);

  useEffect(() => {
    if (fresh && user && !done.current) {
      done.current = true;
      finish(user);
    }
  }, [fresh, user, finish]);

  if (!isError) {
    return (
      <AuthCard title="登入中" testId="login-result">
        <div className="ss-auth-wait" role="status" aria-live="polite">
          <div className="ss-spinner" />
          <span>正在確認您的登入狀態…</span>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="登入未完成" testId="login-result">
      <ErrorText message="找不到這次登入的會員資料，可能是登入已逾時或已被取消。" block />
      <div className="ss-auth-actions">
        <Link className="ss-btn ss-btn--primary ss-btn--large ss-btn--block" to="/login">
          返回登入
        </Link>
        <button type="button" className="ss-btn ss-btn--large ss-btn--block" onClick={() => void refetch()} disabled={isFetching}>
          重新確認
        </button>
      </div>
    </AuthCard>
  );
}

import { MSG } from '@rules/messages';
import { REACH_MSG } from '@rules/reach-rules';
import { Button, Input, Modal } from 'antd';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage, baseApi } from '../../../shared/api/baseApi';
import { refreshCsrfToken } from '../../../shared/api/csrf';
import { ErrorText } from '../../../shared/components/ErrorText';
import { CODE_LENGTH } from '../auth/authForm';
import { loggedOut } from '../auth/sessionSlice';
import { useCountdown } from '../auth/useCountdown';
import type { UserProfile } from '../auth/userTypes';
import { downloadMyData } from './personalData';
import { useDeleteAccountMutation, useSendDeleteCodeMutation } from './preferencesApi';

/** Whether 刪除帳號 asks for the password: the profile's `has_password`, else (an older server) whether the member has an account. */
export function hasPassword(user: UserProfile): boolean {
  const v = (user as { has_password?: unknown }).has_password;
  return typeof v === 'boolean' ? v : user.account !== null;
}

/**
 * 個人資料 on /profile (個資法 art. 3, issue 22 §4): 下載我的資料 (a JSON file of everything held) and,
 * in a danger zone, 刪除帳號.
 */
export function PersonalDataCard({ user }: { user: UserProfile }) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const deleted = useRef(false);
  const dispatch = useAppDispatch();
  // The account is gone: when the page leaves (for /), the session ends here too.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      refreshCsrfToken();
      dispatch(loggedOut());
      dispatch(baseApi.util.resetApiState());
    },
    [dispatch],
  );

  const onExport = async () => {
    setExporting(true);
    setExportError('');
    try {
      await downloadMyData();
    } catch {
      setExportError(REACH_MSG.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <section className="ss-acc-card" aria-labelledby="ss-data-title">
        <h2 id="ss-data-title" className="ss-acc-card-title">
          我的資料
        </h2>
        <p className="ss-pref-status">下載本店保存的您的資料（會員資料、地址、訂單、購物金、評價、通知設定與同意紀錄），格式為 JSON。</p>
        <Button onClick={() => void onExport()} loading={exporting}>
          下載我的資料
        </Button>
        <ErrorText message={exportError} testId="export-error" />
      </section>
      <section className="ss-acc-card ss-pref-danger" aria-labelledby="ss-delete-title">
        <h2 id="ss-delete-title" className="ss-acc-card-title">
          刪除帳號
        </h2>
        <p className="ss-pref-status">刪除後無法復原。訂單與發票紀錄依法保留，但其中的個人資料將匿名化。</p>
        <Button danger onClick={() => setDeleting(true)}>
          刪除帳號
        </Button>
      </section>
      {deleting && (
        <DeleteAccountModal
          withPassword={hasPassword(user)}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            deleted.current = true;
          }}
        />
      )}
    </>
  );
}

/**
 * The confirmation of 刪除帳號: the password, or for accounts without one (social login) an SMS code.
 * Escape or 取消 closes it. Success: 帳號已刪除, the session ends here too, and the shopper goes to /.
 */
export function DeleteAccountModal({ withPassword, onClose, onDeleted }: { withPassword: boolean; onClose: () => void; onDeleted: () => void }) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [codeNote, setCodeNote] = useState('');
  const [sent, setSent] = useState(false);
  const [sendCode, sending] = useSendDeleteCodeMutation();
  const [remove, removing] = useDeleteAccountMutation();
  const { remaining, start } = useCountdown();
  const navigate = useNavigate();
  const ids = { input: useId(), error: useId() };

  const onSend = async () => {
    setError('');
    const res = await sendCode();
    if ('error' in res || !res.data.success) {
      setError(('error' in res ? apiErrorMessage(res.error) : res.data.message) || MSG.sendFailed);
      return;
    }
    setSent(true);
    setCodeNote(res.data.message || '驗證碼已發送');
    start(res.data.outtime ?? 60);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (removing.isLoading) return;
    const value = secret.trim();
    if (!value) {
      setError(withPassword ? REACH_MSG.deletePasswordRequired : REACH_MSG.deleteCodeRequired);
      return;
    }
    setError('');
    const res = await remove(withPassword ? { password: secret } : { code: value });
    if ('error' in res || !res.data.success) {
      const status = 'error' in res && res.error && typeof res.error === 'object' && 'status' in res.error ? res.error.status : undefined;
      const fallback = typeof status === 'number' && status < 500 ? (withPassword ? REACH_MSG.deletePasswordWrong : REACH_MSG.deleteCodeWrong) : MSG.serverError;
      setError(('error' in res ? apiErrorMessage(res.error) : res.data.message) || fallback);
      return;
    }
    // The server ended the session. Leave first: the member is forgotten once /profile is gone (while it
    // is shown, the session ending here would send the shopper to /login instead of /).
    toast.success(res.data.message || REACH_MSG.deleted);
    onDeleted();
    void navigate('/', { replace: true });
  };

  return (
    <Modal open title="刪除帳號" onCancel={onClose} footer={null} width={480} className="ss-acc-modal" destroyOnHidden>
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="delete-account-form">
        <p>刪除後無法復原，以下資料將一併刪除：</p>
        <ul className="ss-pref-delete-list">
          <li>會員資料、地址簿、購物金、收藏、貨到通知與評價</li>
          <li>通知設定、社群登入與 LINE 綁定；所有裝置將登出</li>
        </ul>
        <p>依稅法須保存的訂單與發票紀錄會保留，其中的姓名、電話、Email 與地址將匿名化。</p>
        {withPassword ? (
          <div className="ss-acc-field">
            <label className="ss-acc-label" htmlFor={ids.input}>
              請輸入密碼以確認
            </label>
            <Input.Password
              id={ids.input}
              autoComplete="current-password"
              value={secret}
              onChange={(e) => {
                setSecret(e.target.value);
                setError('');
              }}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              autoFocus
            />
          </div>
        ) : (
          <div className="ss-acc-field">
            <p className="ss-pref-hint">此帳號沒有密碼，請以手機簡訊驗證碼確認。</p>
            <div className="ss-pref-row">
              <Button onClick={() => void onSend()} loading={sending.isLoading} disabled={remaining > 0}>
                {remaining > 0 ? `${remaining} 秒後可重新發送` : sent ? '重新發送驗證碼' : '發送驗證碼'}
              </Button>
            </div>
            {codeNote && (
              <p className="ss-pref-hint" role="status">
                {codeNote}
              </p>
            )}
            {sent && (
              <>
                <label className="ss-acc-label" htmlFor={ids.input}>
                  驗證碼
                </label>
                <Input
                  id={ids.input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  value={secret}
                  onChange={(e) => {
                    setSecret(e.target.value);
                    setError('');
                  }}
                  status={error ? 'error' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? ids.error : undefined}
                  autoFocus
                />
              </>
            )}
          </div>
        )}
        <ErrorText id={ids.error} message={error} testId="delete-error" />
        <div className="ss-pref-row ss-pref-modal-actions">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger htmlType="submit" loading={removing.isLoading} disabled={!withPassword && !sent}>
            確認刪除帳號
          </Button>
        </div>
      </form>
    </Modal>
  );
}

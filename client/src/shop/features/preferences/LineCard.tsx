import { REACH_MSG } from '@rules/reach-rules';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../app/lazyToast';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { ErrorText } from '../../../shared/components/ErrorText';
import { MSG } from '@rules/messages';
import { useLineBindUrlMutation, useLineUnbindMutation, usePreferencesQuery } from './preferencesApi';

/** What /profile?line=… (the LINE Login callback's return) says. */
export const LINE_RETURN: Record<string, { ok: boolean; text: string }> = {
  bound: { ok: true, text: REACH_MSG.lineBound },
  taken: { ok: false, text: REACH_MSG.lineTaken },
  failed: { ok: false, text: REACH_MSG.lineBindFailed },
};

/** Opens a URL in this tab (a seam for tests: jsdom cannot navigate). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * LINE on /profile (issue 22 §2): 綁定 LINE opens LINE Login (bot_prompt=normal asks to befriend the
 * shop), whose callback comes back to /profile?line=bound|taken|failed: the message shows here and
 * the query goes. 解除綁定 asks first.
 */
export function LineCard() {
  const { data } = usePreferencesQuery();
  const prefs = data?.success ? data.preferences : undefined;
  const [bindUrl, binding] = useLineBindUrlMutation();
  const [unbind, unbinding] = useLineUnbindMutation();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();

  // Back from LINE: say how it went, once, and clean the address (a reload must not say it again).
  useEffect(() => {
    const params = new URLSearchParams(search);
    const result = params.get('line');
    if (result === null) return;
    setNote(LINE_RETURN[result] ?? LINE_RETURN.failed);
    params.delete('line');
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [search, pathname, navigate]);

  const onBind = async () => {
    setNote(null);
    const res = await bindUrl();
    const url = 'data' in res && res.data?.success ? res.data.url : undefined;
    if (url) browser.assign(url);
    else setNote({ ok: false, text: ('error' in res && apiErrorMessage(res.error)) || REACH_MSG.lineBindFailed });
  };

  const onUnbind = async () => {
    const res = await unbind();
    setConfirming(false);
    if ('error' in res) setNote({ ok: false, text: apiErrorMessage(res.error) ?? MSG.serverError });
    else {
      setNote(null);
      toast.success(res.data.message || '已解除綁定 LINE');
    }
  };

  const bound = !!prefs?.line_user_id;
  return (
    <section className="ss-acc-card" aria-labelledby="ss-line-title" data-testid="line-card">
      <h2 id="ss-line-title" className="ss-acc-card-title">
        LINE 綁定
      </h2>
      {note?.ok && (
        <p className="ss-pref-status ss-unsub-ok" role="status" data-testid="line-note">
          {note.text}
        </p>
      )}
      {note && !note.ok && <ErrorText message={note.text} block testId="line-note" />}
      {prefs && (
        <p className="ss-pref-status" data-testid="line-status">
          {!bound ? '尚未綁定 LINE。綁定並加入官方帳號好友後，可選擇以 LINE 接收訂單通知。' : prefs.line_friend ? '已綁定 LINE，並已加入官方帳號好友。' : '已綁定 LINE，尚未加入官方帳號好友（加入後才能以 LINE 接收通知）。'}
        </p>
      )}
      <div className="ss-pref-row">
        {!bound ? (
          <Button type="primary" onClick={() => void onBind()} loading={binding.isLoading} disabled={!prefs}>
            綁定 LINE
          </Button>
        ) : (
          <>
            {!prefs?.line_friend && (
              <Button onClick={() => void onBind()} loading={binding.isLoading}>
                加入好友
              </Button>
            )}
            <Button danger onClick={() => setConfirming(true)}>
              解除綁定
            </Button>
          </>
        )}
      </div>
      <Modal
        open={confirming}
        title="解除綁定 LINE？"
        okText="解除綁定"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: unbinding.isLoading }}
        onOk={() => void onUnbind()}
        onCancel={() => setConfirming(false)}
        width={420}
      >
        <p>解除後將無法以 LINE 登入此帳號，訂單通知改以簡訊寄送。</p>
      </Modal>
    </section>
  );
}

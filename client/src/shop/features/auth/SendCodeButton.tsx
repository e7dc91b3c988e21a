import { Button } from 'antd';

interface Props {
  remaining: number;
  loading: boolean;
  disabled?: boolean;
  sent: boolean;
  onClick: () => void;
}

/** "發送驗證碼"; after a send it is disabled and counts the server's `outtime` down, then offers a resend. */
export function SendCodeButton({ remaining, loading, disabled, sent, onClick }: Props) {
  const counting = remaining > 0;
  return (
    <Button size="large" className="ss-code-btn" onClick={onClick} loading={loading} disabled={disabled || counting} data-testid="send-code" aria-live="off">
      {counting ? `${remaining} 秒後可重新發送` : sent ? '重新發送驗證碼' : '發送驗證碼'}
    </Button>
  );
}

interface Props {
  /** What failed, e.g. 商品載入失敗，請稍後再試。 */
  message: string;
  onRetry: () => void;
  /** A retry is under way: the button waits. */
  retrying?: boolean;
}

/**
 * A request that failed (network, 5xx): the message and 重新載入, which asks again. Plain React
 * and CSS (`ss-empty-state`, `ss-btn` in global.css), so the first screens can show it without antd.
 */
export function LoadError({ message, onRetry, retrying = false }: Props) {
  return (
    <div className="ss-empty-state" role="alert" data-testid="load-error">
      <p>{message}</p>
      <button type="button" className="ss-btn" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
        {retrying ? '重新載入中…' : '重新載入'}
      </button>
    </div>
  );
}

/** True when an RTK Query error is the server's 404 (the thing does not exist), not a failure to ask. */
export function isNotFound(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'status' in error && (error as { status?: unknown }).status === 404);
}

import { useRouteError } from 'react-router';

/** Route error boundary: a failed chunk load (after a new deploy) or a render error. Kept tiny: it ships in the entry. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="ss-container ss-page" style={{ textAlign: 'center', paddingTop: 96 }}>
      <h1 className="ss-page-title">頁面載入失敗</h1>
      <p className="ss-page-subtitle">可能是網路不穩或網站剛更新，請重新整理頁面再試一次。</p>
      <button type="button" className="ss-btn ss-btn--primary ss-btn--large" onClick={() => window.location.reload()}>
        重新整理
      </button>
    </main>
  );
}

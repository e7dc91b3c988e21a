/** Shown while a lazy route or the first data loads. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <div className="ss-spinner" />
      <span className="ss-visually-hidden">載入中…</span>
    </div>
  );
}

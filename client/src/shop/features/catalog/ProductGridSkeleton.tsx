/** Placeholder cards while the catalogue loads. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="ss-grid" role="status" aria-busy="true" aria-label="商品載入中">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ss-card" aria-hidden>
          <div className="ss-skeleton ss-card-skeleton-media" />
          <div className="ss-card-skeleton-lines">
            <div className="ss-skeleton" style={{ width: '40%' }} />
            <div className="ss-skeleton" style={{ width: '85%' }} />
            <div className="ss-skeleton" style={{ width: '60%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';

interface Props {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
}

/** The soft heading band of the content pages: eyebrow, h1 and one line of intro. */
export function PageHero({ eyebrow, title, intro }: Props) {
  return (
    <header className="ss-page-hero">
      <div className="ss-container">
        <p className="ss-page-hero-eyebrow" aria-hidden>
          {eyebrow}
        </p>
        <h1 className="ss-page-hero-title">{title}</h1>
        {intro && <p className="ss-page-hero-intro">{intro}</p>}
      </div>
    </header>
  );
}

/** Placeholder lines while html content loads. */
export function ProseSkeleton({ lines = 8 }: { lines?: number }) {
  return (
    <div className="ss-prose-skeleton" role="status" aria-busy="true" aria-label="內容載入中">
      <div className="ss-skeleton" style={{ width: '45%', height: 26 }} />
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="ss-skeleton" style={{ width: `${[96, 88, 92, 70, 94, 84, 60, 90][i % 8]}%` }} />
      ))}
    </div>
  );
}

/** A gentle note when content could not be loaded (the failure itself is only logged). */
export function ContentUnavailable({ children = '內容整理中，請稍後再回來看看。' }: { children?: ReactNode }) {
  return (
    <div className="ss-content-unavailable">
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden>
        <circle cx="32" cy="32" r="30" fill="#f6e7e5" />
        <path d="M32 14c-8 10-12 17-12 23a12 12 0 0 0 24 0c0-6-4-13-12-23z" fill="#b86b77" opacity=".8" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectPosterTitles } from '../../../app/site/siteSlice';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { NotFoundState } from '../../../shared/components/NotFoundState';
import { useInView } from '../../../shared/hooks/useInView';
import { useMetaDescription } from '../../../shared/hooks/useMetaDescription';
import { useReducedMotion } from '../../../shared/hooks/useReducedMotion';
import { usePosterQuery } from './contentApi';
import { CONTENT_PAGES } from './contentPages';
import type { Poster } from './contentTypes';
import { ProseSkeleton } from './PageHero';
import { animationClass, POSTER_LOAD_FAILED, POSTER_MISSING_ID, posterLayout } from './posterLayout';
import './ContentPage.css';
import './PosterPage.css';

function PosterBody({ poster }: { poster: Poster }) {
  const reduced = useReducedMotion();
  const { layout, imageWidth } = posterLayout(poster.layoutType, poster.imageWidth);
  const imageRef = useRef<HTMLElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const imageAnim = animationClass(poster.imageAnimation, reduced);
  const textAnim = animationClass(poster.textAnimation, reduced);
  const imageIn = useInView(imageRef, { enabled: !!imageAnim });
  const textIn = useInView(textRef, { enabled: !!textAnim });

  return (
    <div
      className={`ss-poster-body ss-poster--${layout}`}
      data-testid="poster-body"
      data-layout={layout}
      style={{ '--ss-poster-image': `${imageWidth}%` } as CSSProperties}
    >
      {poster.coverImage && (
        <figure ref={imageRef} className={`ss-poster-figure ${imageAnim}${imageIn ? ' is-in' : ''}`} data-animation={poster.imageAnimation || undefined}>
          <img src={poster.coverImage} alt={poster.title} width={1200} height={900} fetchPriority="high" decoding="async" />
        </figure>
      )}
      <div
        ref={textRef}
        className={`ss-poster-content ss-html-content ss-prose ${textAnim}${textIn ? ' is-in' : ''}`}
        data-animation={poster.textAnimation || undefined}
        // Sanitized by the server (allowlist) before it is served.
        dangerouslySetInnerHTML={{ __html: poster.content }}
      />
    </div>
  );
}

function MoreKnowledge({ currentId }: { currentId?: number }) {
  const posters = useAppSelector(selectPosterTitles).filter((p) => p.id !== currentId);
  const pages = CONTENT_PAGES.filter((p) => p.group === 'knowledge');
  return (
    <nav className="ss-related" aria-label="更多保養知識">
      <h2 className="ss-related-title">更多保養知識</h2>
      <ul>
        {posters.map((p) => (
          <li key={p.id}>
            <Link className="ss-related-link" to={`/posters/${p.id}`}>
              {p.title}
            </Link>
          </li>
        ))}
        {pages.map((p) => (
          <li key={p.pageType}>
            <Link className="ss-related-link" to={`/${p.pageType}`}>
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /posters/:id (spec 2 §2): title, cover, rich content; image-left / image-right / full-width; scroll-in animations. */
export default function PosterPage() {
  const { id = '' } = useParams();
  const posterId = /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
  const { data, error, isLoading, isFetching } = usePosterQuery(posterId ?? skipToken);
  const poster = data && data.id === posterId ? data : undefined;
  const problem = !id ? POSTER_MISSING_ID : posterId === undefined || (error && !isFetching) ? POSTER_LOAD_FAILED : undefined;

  useEffect(() => {
    if (error) console.error(POSTER_LOAD_FAILED, error);
  }, [error]);
  usePageTitle(poster?.title ?? (problem ? '保養知識' : undefined));
  useMetaDescription(poster?.seo_description || undefined);

  if (problem) {
    return (
      <div className="ss-container ss-page">
        <NotFoundState title={problem} description="這篇保養知識可能已下架，看看其他文章或回到商店逛逛。" />
        <MoreKnowledge />
      </div>
    );
  }

  return (
    <article className="ss-poster" aria-busy={isLoading || !poster}>
      <header className="ss-page-hero ss-poster-hero">
        <div className="ss-container">
          <p className="ss-page-hero-eyebrow" aria-hidden>
            SKINCARE KNOWLEDGE
          </p>
          {poster ? (
            <>
              <h1 className="ss-page-hero-title ss-poster-title">{poster.title}</h1>
              {poster.seo_description && <p className="ss-page-hero-intro ss-poster-lead">{poster.seo_description}</p>}
            </>
          ) : (
            <div className="ss-skeleton ss-poster-title-skeleton" role="status" aria-label="文章載入中" />
          )}
        </div>
      </header>
      <div className="ss-container ss-content-wrap">
        {poster ? (
          <PosterBody key={poster.id} poster={poster} />
        ) : (
          <div className="ss-content-card">
            <ProseSkeleton />
          </div>
        )}
        <MoreKnowledge currentId={posterId} />
      </div>
    </article>
  );
}

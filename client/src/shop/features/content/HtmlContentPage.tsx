import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { NotFoundState } from '../../../shared/components/NotFoundState';
import { storedHtmlPage, storedPageImage, useHtmlPageQuery, usePageImageQuery } from './contentApi';
import { CONTENT_PAGES, contentPageFor, withoutLeadingTitle, type ContentPageConfig } from './contentPages';
import { ContentUnavailable, PageHero, ProseSkeleton } from './PageHero';
import './ContentPage.css';

function Related({ current }: { current: ContentPageConfig }) {
  const pages = CONTENT_PAGES.filter((p) => p.group === current.group);
  return (
    <nav className="ss-related" aria-label={current.group === 'guide' ? '購物指南' : '保養知識'}>
      <h2 className="ss-related-title">{current.group === 'guide' ? '更多購物指南' : '更多保養知識'}</h2>
      <ul>
        {pages.map((p) => (
          <li key={p.pageType}>
            <Link className="ss-related-link" to={`/${p.pageType}`} aria-current={p === current ? 'page' : undefined}>
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /productreturns, /privacypolicy, /termsofservice, /partnerinquiry, /maskCare, /skincareTips:
 * html (and an image where the page has one) with version caching, faded in (spec 2 §2).
 */
export default function HtmlContentPage() {
  const { pathname } = useLocation();
  const page = contentPageFor(pathname);
  usePageTitle(page?.title ?? '找不到頁面');
  const stored = useMemo(() => (page ? storedHtmlPage(page.pageType) : undefined), [page]);
  const storedImage = useMemo(() => (page?.imageType ? storedPageImage(page.imageType) : undefined), [page]);
  const html = useHtmlPageQuery(page ? { page_type: page.pageType, versionStr: page.versionStr } : skipToken);
  const image = usePageImageQuery(page?.imageType ? { image_type: page.imageType, versionStr: page.versionStr } : skipToken);

  if (!page) {
    return (
      <div className="ss-container ss-page">
        <NotFoundState />
      </div>
    );
  }
  const content = html.data ?? stored;
  const imageUrl = image.data ?? storedImage;

  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro} />
      <div className="ss-container ss-content-wrap">
        <article className="ss-content-card">
          {imageUrl && (
            <figure className="ss-content-figure ss-fade-in">
              <img src={imageUrl} alt="" width={1200} height={800} decoding="async" />
            </figure>
          )}
          {content !== undefined ? (
            content.trim() ? (
              <div
                key={page.pageType}
                className="ss-html-content ss-prose ss-fade-in"
                data-testid="content-html"
                // Sanitized by the server (allowlist) before it is served.
                dangerouslySetInnerHTML={{ __html: withoutLeadingTitle(content, page.title) }}
              />
            ) : (
              <ContentUnavailable />
            )
          ) : html.isError ? (
            <ContentUnavailable />
          ) : (
            <ProseSkeleton />
          )}
        </article>
        <Related current={page} />
      </div>
    </>
  );
}

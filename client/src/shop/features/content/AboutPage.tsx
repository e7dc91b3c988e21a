import { useMemo } from 'react';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { LinkButton } from '../../../shared/components/LinkButton';
import { storedAbout, useAboutPageQuery } from './contentApi';
import { ContentUnavailable, PageHero, ProseSkeleton } from './PageHero';
import './ContentPage.css';
import './AboutPage.css';

/** /about (spec 1 §2): html text, an image and 探索商品 → /products, version cached. */
export default function AboutPage() {
  usePageTitle('關於我們');
  const stored = useMemo(storedAbout, []);
  const { data = stored, isError } = useAboutPageQuery();

  return (
    <>
      <PageHero eyebrow="ABOUT US" title="關於我們" intro="用溫和的成分與誠實的配方，陪你找回肌膚最舒服的樣子。" />
      <div className="ss-container ss-content-wrap">
        <div className="ss-about">
          <div className="ss-about-media">
            {data?.image ? (
              <img className="ss-fade-in" src={data.image} alt="品牌理念" width={1200} height={800} decoding="async" fetchPriority="high" />
            ) : (
              <div className={data ? 'ss-about-media-blank' : 'ss-skeleton ss-about-media-blank'} aria-hidden />
            )}
          </div>
          <div className="ss-about-text">
            {data ? (
              data.html.trim() ? (
                <div
                  className="ss-html-content ss-prose ss-fade-in"
                  data-testid="content-html"
                  // Sanitized by the server (allowlist) before it is served.
                  dangerouslySetInnerHTML={{ __html: data.html }}
                />
              ) : (
                <ContentUnavailable />
              )
            ) : isError ? (
              <ContentUnavailable />
            ) : (
              <ProseSkeleton lines={6} />
            )}
            <LinkButton variant="primary" size="large" to="/products" className="ss-about-cta">
              探索商品
            </LinkButton>
          </div>
        </div>
      </div>
    </>
  );
}

import type { ReactNode } from 'react';
import type { ProductListItem } from '../../catalog/catalogTypes';
import { ProductCard } from '../../catalog/ProductCard';
import { ProductGridSkeleton } from '../../catalog/ProductGridSkeleton';
import { useCardExtras } from '../../catalog/useCardExtras';
import { usePromotionBadges } from '../../catalog/usePromotionBadges';
import { LinkButton } from '../../../../shared/components/LinkButton';
import type { Certificate, Endorsement, Testimonial } from '../contentTypes';
import { Marquee } from './Marquee';

/** Marquees show up to 10 entries each (spec 1 §9); the server already picks them at random. */
export const MARQUEE_MAX = 10;

export function SectionHead({ eyebrow, title, id, action }: { eyebrow: string; title: string; id: string; action?: ReactNode }) {
  return (
    <div className="ss-section-head">
      <div>
        <p className="ss-section-eyebrow" aria-hidden>
          {eyebrow}
        </p>
        <h2 id={id} className="ss-section-title">
          {title}
        </h2>
      </div>
      {action}
    </div>
  );
}

/** Shown instead of the carousel when there are no banners or the home content failed to load. */
export function WelcomeHero({ company }: { company: string }) {
  return (
    <section className="ss-welcome" aria-label="歡迎">
      <div className="ss-container ss-welcome-inner">
        <p className="ss-section-eyebrow">{company}</p>
        <p className="ss-welcome-title">溫柔對待每一寸肌膚</p>
        <p className="ss-welcome-lead">嚴選溫和成分，從潔顏、保濕到修護，為敏感與日常肌膚打造剛剛好的保養步驟。</p>
        <LinkButton variant="primary" size="large" to="/products">
          逛逛全部商品
        </LinkButton>
      </div>
    </section>
  );
}

export function BeauticianMarquee({ items }: { items: Endorsement[] }) {
  return (
    <Marquee
      items={items.slice(0, MARQUEE_MAX)}
      itemKey={(e) => e.id}
      title="專業美容師推薦"
      eyebrow="PROFESSIONAL PICKS"
      label="美容師推薦"
      testId="beautician-marquee"
      renderItem={(e, decorative) => (
        <figure className="ss-endorse">
          <img src={e.image_url} alt={decorative ? '' : '美容師推薦'} width={1050} height={1050} loading="lazy" decoding="async" />
        </figure>
      )}
    />
  );
}

export function TestimonialMarquee({ items }: { items: Testimonial[] }) {
  return (
    <Marquee
      items={items.slice(0, MARQUEE_MAX)}
      itemKey={(t) => t.id}
      title="顧客真心分享"
      eyebrow="REVIEWS"
      label="顧客心得"
      testId="testimonial-marquee"
      reverse
      renderItem={(t, decorative) => (
        <figure className="ss-testimonial">
          <img src={t.image_url} alt={decorative ? '' : '顧客照片'} width={800} height={800} loading="lazy" decoding="async" />
          {/* Reviews are plain text. */}
          <figcaption>{t.review}</figcaption>
        </figure>
      )}
    />
  );
}

interface FeaturedProps {
  products: ProductListItem[] | undefined;
  loading: boolean;
  onOpen: (p: ProductListItem) => void;
}

export function FeaturedProducts({ products, loading, onOpen }: FeaturedProps) {
  const badgesOf = usePromotionBadges();
  const { ratingOf, wishOf } = useCardExtras();
  if (!loading && !products?.length) return null;
  return (
    <section className="ss-container ss-home-section" aria-labelledby="featured-title" data-testid="home-featured">
      <SectionHead
        id="featured-title"
        eyebrow="BEST SELLERS"
        title="人氣推薦"
        action={
          <LinkButton variant="link" to="/products">
            查看全部商品 →
          </LinkButton>
        }
      />
      {loading || !products ? (
        <ProductGridSkeleton count={4} />
      ) : (
        <div className="ss-grid">
          {products.map((p) => (
            <ProductCard key={p.product_id} product={p} onOpen={onOpen} badges={badgesOf(p)} rating={ratingOf(p.product_id)} wish={wishOf(p.product_id)} />
          ))}
        </div>
      )}
    </section>
  );
}

export function Certificates({ certificates, html }: { certificates: Certificate[]; html: string }) {
  if (!certificates.length && !html.trim()) return null;
  return (
    <section className="ss-home-certs" aria-label="品質認證" data-testid="home-certificates">
      <div className="ss-container ss-home-certs-inner">
        {html.trim() && (
          <div
            className="ss-html-content ss-prose ss-home-certs-intro"
            // Sanitized by the server (allowlist) before it is served.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
        {certificates.length > 0 && (
          <ul className="ss-certs">
            {certificates.map((c) => (
              <li key={c.id} className="ss-cert">
                <img src={c.image_url} alt={c.title} width={390} height={550} loading="lazy" decoding="async" />
                <h3 className="ss-cert-title">{c.title}</h3>
                {/* Descriptions are plain text. */}
                <p className="ss-cert-desc">{c.description}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function BrandStory({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <section className="ss-home-story" aria-label="品牌故事" data-testid="home-story">
      <div className="ss-container">
        <div
          className="ss-html-content ss-prose ss-home-story-card"
          // Sanitized by the server (allowlist) before it is served.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </section>
  );
}

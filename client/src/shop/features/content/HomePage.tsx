import { useMemo, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectCompanyName } from '../../../app/site/siteSlice';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { LinkButton } from '../../../shared/components/LinkButton';
import { useLoadProductsQuery } from '../catalog/catalogApi';
import type { ProductListItem } from '../catalog/catalogTypes';
import { ProductCard } from '../catalog/ProductCard';
import { ProductGridSkeleton } from '../catalog/ProductGridSkeleton';
import { listProducts } from '../catalog/productListing';
import { LazyProductPopup } from '../catalog/LazyProductPopup';
import '../catalog/ProductCard.css';
import './HomePage.css';

const FEATURED = 8;

/** Home: a welcome hero and the hot products. */
export default function HomePage() {
  usePageTitle(null);
  const company = useAppSelector(selectCompanyName);
  const { data, isLoading } = useLoadProductsQuery();
  const [open, setOpen] = useState<ProductListItem | null>(null);
  const featured = useMemo(() => {
    const all = data?.products ?? [];
    const hot = all.filter((p) => p.is_hot === 1);
    return listProducts(hot.length ? hot : all, { q: '', type: null, sort: 'salesDesc' }).slice(0, FEATURED);
  }, [data]);
  const heroImages = featured.slice(0, 3);

  return (
    <>
      <section className="ss-hero" aria-labelledby="hero-title">
        <div className="ss-container ss-hero-inner">
          <div className="ss-hero-text">
            <p className="ss-hero-eyebrow">{company}</p>
            <h1 id="hero-title" className="ss-hero-title">
              溫柔對待
              <br />
              每一寸肌膚
            </h1>
            <p className="ss-hero-lead">嚴選溫和成分，從潔顏、保濕到修護，為敏感與日常肌膚打造剛剛好的保養步驟。</p>
            <div className="ss-hero-actions">
              <LinkButton variant="primary" size="large" to="/products">
                逛逛全部商品
              </LinkButton>
              <LinkButton size="large" to="/products?sort=salesDesc">
                熱銷排行
              </LinkButton>
            </div>
          </div>
          <div className="ss-hero-art" aria-hidden>
            {heroImages.map((p, i) => (
              <img key={p.product_id} src={p.image_url} alt="" className={`ss-hero-bubble ss-hero-bubble-${i}`} width={320} height={320} />
            ))}
            {heroImages.length === 0 && <div className="ss-hero-bubble ss-hero-bubble-0 is-placeholder" />}
          </div>
        </div>
      </section>

      <section className="ss-container ss-home-featured" aria-labelledby="featured-title">
        <div className="ss-section-head">
          <h2 id="featured-title" className="ss-section-title">
            熱銷推薦
          </h2>
          <LinkButton variant="link" to="/products">
            查看全部商品 →
          </LinkButton>
        </div>
        {isLoading ? (
          <ProductGridSkeleton count={4} />
        ) : (
          <div className="ss-grid">
            {featured.map((p, i) => (
              <ProductCard key={p.product_id} product={p} onOpen={setOpen} eager={i < 4} />
            ))}
          </div>
        )}
      </section>
      <LazyProductPopup product={open} onClose={() => setOpen(null)} />
    </>
  );
}

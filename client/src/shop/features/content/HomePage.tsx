import { useDeferredValue, useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectCompanyName } from '../../../app/site/siteSlice';
import { usePageTitle } from '../../../app/site/usePageTitle';
import { useAfterFirstFrame } from '../../../shared/hooks/useAfterFirstFrame';
import { useLoadProductsQuery } from '../catalog/catalogApi';
import { LazyProductPopup } from '../catalog/LazyProductPopup';
import { listProducts } from '../catalog/productListing';
import { useProductPopup } from '../catalog/useProductPopup';
import { useHomepageQuery } from './contentApi';
import { storedHomeData } from './homeCache';
import { HeroCarousel } from './home/HeroCarousel';
import { BeauticianMarquee, BrandStory, Certificates, FeaturedProducts, TestimonialMarquee, WelcomeHero } from './home/HomeSections';
import '../catalog/ProductCard.css';
import './ContentPage.css';
import './HomePage.css';

const FALLBACK_FEATURED = 8;

/**
 * Home (spec 1 §2): banner carousel, beautician and testimonial marquees, featured products
 * (opening the product popup), certificates with the home_001 block, the home_002 brand story.
 * Shows the stored copy at once on a repeat visit; version-checked against the server.
 */
export default function HomePage() {
  usePageTitle(null);
  const company = useAppSelector(selectCompanyName);
  const stored = useMemo(() => storedHomeData(), []);
  const { data: live = stored, isError } = useHomepageQuery();
  // The sections render in the background (time-sliced) once the content arrives.
  const data = useDeferredValue(live);
  const failed = isError && !data;
  // Home content unavailable: still offer the catalogue's top products.
  const catalogue = useLoadProductsQuery(undefined, { skip: !failed });
  const fallbackProducts = useMemo(
    () => (catalogue.data ? listProducts(catalogue.data.products, { q: '', type: null, sort: 'managerRec' }).slice(0, FALLBACK_FEATURED) : undefined),
    [catalogue.data],
  );
  // The popup's product is in the URL (?product=): the phone's Back button closes it.
  const popup = useProductPopup(live?.homeProducts ?? fallbackProducts);
  // The banner (the first screen) renders first; the sections below it a frame later.
  const below = useAfterFirstFrame(Boolean(data) || failed);

  return (
    <div className="ss-home">
      <h1 className="ss-visually-hidden">{company}</h1>
      {data?.banners.length ? (
        <HeroCarousel banners={data.banners} />
      ) : data || failed ? (
        <WelcomeHero company={company} />
      ) : (
        <div className="ss-skeleton ss-hero-skeleton" role="status" aria-label="主打活動載入中" />
      )}
      {below && data && <BeauticianMarquee items={data.usersBEs} />}
      {below && data && <TestimonialMarquee items={data.usersTestimonials} />}
      {below && (
        <FeaturedProducts
          products={data?.homeProducts ?? fallbackProducts}
          // No skeleton while the home content loads: the marquees above would push it down (layout shift).
          loading={failed && catalogue.isLoading}
          onOpen={popup.open}
        />
      )}
      {below && data && <Certificates certificates={data.certificates} html={data.home_001} />}
      {below && data && <BrandStory html={data.home_002} />}
      <LazyProductPopup product={popup.product} onClose={popup.close} />
    </div>
  );
}

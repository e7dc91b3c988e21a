import { lazy, Suspense, useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectSettings } from '../../app/site/siteSlice';
import { analyticsConfigured, configureAnalytics } from '../../shared/analytics/analytics';
import { useAfterFirstFrame } from '../../shared/hooks/useAfterFirstFrame';

const ConsentBanner = lazy(() => import('./ConsentBanner'));

/**
 * Analytics ids from the public settings (GA4_ID, META_PIXEL_ID; '' = off) and the cookie consent
 * banner, shown while an id is set, loaded after the first screen painted (issue 22 §7: Lighthouse
 * stays ≥ 95).
 */
export function AnalyticsHost() {
  const settings = useAppSelector(selectSettings);
  const ga4 = settings.GA4_ID ?? '';
  const pixel = settings.META_PIXEL_ID ?? '';
  useEffect(() => configureAnalytics(ga4, pixel), [ga4, pixel]);
  const later = useAfterFirstFrame();
  // No id set: the shop measures nothing, so there is nothing to ask.
  return later && analyticsConfigured(ga4, pixel) ? (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  ) : null;
}

import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { CartSync } from '../features/cart/CartSync';
import { AnalyticsHost } from './AnalyticsHost';
import { FloatingButtons } from './FloatingButtons';
import { Footer } from './Footer';
import { isChromeless } from './navItems';
import { Navbar } from './Navbar';
import './ShopLayout.css';

/** Scroll position resets to the top on navigation to another page (spec 3 §2). */
function useScrollReset(pathname: string) {
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

/** The public shell: navbar, page, footer. */
export default function ShopLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const chromeless = isChromeless(pathname);
  useScrollReset(pathname);

  return (
    <div className="ss-shell">
      <a href="#main" className="ss-skip-link">
        跳到主要內容
      </a>
      {!chromeless && <Navbar />}
      {navigation.state === 'loading' && <div className="ss-route-progress" role="progressbar" aria-label="頁面載入中" />}
      <main id="main" tabIndex={-1} className="ss-main">
        <Outlet />
      </main>
      {!chromeless && <Footer />}
      {!chromeless && <FloatingButtons />}
      <CartSync />
      {!chromeless && <AnalyticsHost />}
    </div>
  );
}

import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../shared/components/PageLoading';
import { RouteError } from '../shared/components/RouteError';

/** The html content pages (their texts live in shop/features/content/contentPages.ts, loaded with the page). */
export const CONTENT_PAGE_PATHS = ['productreturns', 'privacypolicy', 'termsofservice', 'partnerinquiry', 'maskCare', 'skincareTips'];

/**
 * A page that uses antd components, inside antd's theme and locale (app/AntdScope.tsx), which
 * load with the page: the home page, the product list, the product page and the content pages
 * use no antd on their first screen.
 */
const antdPage = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [{ default: Page }, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
  return {
    Component: function AntdPage() {
      return (
        <AntdScope>
          <Page />
        </AntdScope>
      );
    },
  };
};

const htmlContentPage = async () => ({ Component: (await import('../shop/features/content/HtmlContentPage')).default });

/** An admin screen: antd's scope comes from AdminApp above it; a render error stays inside the admin shell. */
const adminScreen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default, ErrorBoundary: RouteError });

/**
 * The back-office (spec 3 §2, spec 1 §2): its own lazy tree outside ShopLayout (no shop navbar),
 * so shopper routes never load it. AdminApp (antd scope) → the login page, and the guarded layout
 * (sidebar, session check → /admin/login) with the screens. Roles: admin/layout/adminNav.ts.
 */
export const adminRoutes: RouteObject = {
  path: '/admin',
  lazy: async () => ({ Component: (await import('../admin/AdminApp')).default }),
  HydrateFallback: PageLoading,
  ErrorBoundary: RouteError,
  children: [
    { path: 'login', lazy: adminScreen(() => import('../admin/features/auth/AdminLoginPage')) },
    {
      lazy: adminScreen(() => import('../admin/layout/AdminLayout')),
      children: [
        { index: true, lazy: adminScreen(() => import('../admin/layout/AdminHome')) },
        { path: 'orders', lazy: adminScreen(() => import('../admin/features/orders/OrdersPage')) },
        { path: 'users', lazy: adminScreen(() => import('../admin/features/members/MembersPage')) },
        { path: 'privacy', lazy: adminScreen(() => import('../admin/features/privacy/PrivacyRequestsPage')) },
        { path: 'tiers', lazy: adminScreen(() => import('../admin/features/tiers/TiersPage')) },
        { path: 'dashboard', lazy: adminScreen(() => import('../admin/features/dashboard/DashboardPage')) },
        { path: 'products', lazy: adminScreen(() => import('../admin/features/products/ProductsPage')) },
        { path: 'promotions', lazy: adminScreen(() => import('../admin/features/promotions/PromotionsPage')) },
        { path: 'reviews', lazy: adminScreen(() => import('../admin/features/reviews/ReviewsPage')) },
        { path: 'notifications', lazy: adminScreen(() => import('../admin/features/notifications/NotificationsPage')) },
        { path: 'homeImages', lazy: adminScreen(() => import('../admin/features/home/HomeContentPage')) },
        { path: 'htmlpages', lazy: adminScreen(() => import('../admin/features/pages/HtmlPagesPage')) },
        { path: 'htmlimages', lazy: adminScreen(() => import('../admin/features/pages/HtmlImagesPage')) },
        { path: 'adposters', lazy: adminScreen(() => import('../admin/features/posters/PostersPage')) },
        { path: 'settings', lazy: adminScreen(() => import('../admin/features/settings/SettingsPage')) },
        { path: 'claims', lazy: adminScreen(() => import('../admin/features/claims/ClaimPhrasesPage')) },
        { path: 'images', lazy: adminScreen(() => import('../admin/features/images/ImagesPage')) },
        // With Redis the server answers /admin/queues itself (Bull Board); the sidebar links it with a full page load.
        { path: 'queues', lazy: adminScreen(() => import('../admin/features/jobs/JobsPage')) },
        { path: 'staff', lazy: adminScreen(() => import('../admin/features/staff/StaffPage')) },
        { path: 'audit', lazy: adminScreen(() => import('../admin/features/audit/AuditPage')) },
        { path: 'account', lazy: adminScreen(() => import('../admin/features/account/AccountPage')) },
        { path: '*', lazy: adminScreen(() => import('../admin/layout/AdminNotFound')) },
      ],
    },
  ],
};
const posterPage = async () => ({ Component: (await import('../shop/features/content/PosterPage')).default });

/**
 * The route table (spec 3 §2). Every route is lazy; screens of later issues are added
 * as they are built. Admin and editor areas will hang off the root as their own lazy trees,
 * outside ShopLayout (so they never get the shop navbar).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('../shop/layout/ShopLayout')).default }),
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../shop/features/content/HomePage')).default }) },
      { path: 'about', lazy: async () => ({ Component: (await import('../shop/features/content/AboutPage')).default }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('../shop/features/content/ContactPage')).default }) },
      ...CONTENT_PAGE_PATHS.map((path) => ({ path, lazy: htmlContentPage })),
      { path: 'posters/:id', lazy: posterPage },
      { path: 'posters', lazy: posterPage },
      { path: 'products', lazy: async () => ({ Component: (await import('../shop/features/catalog/ProductsPage')).default }) },
      { path: 'product/:id', lazy: async () => ({ Component: (await import('../shop/features/catalog/ProductPage')).default }) },
      { path: 'cart', lazy: antdPage(() => import('../shop/features/cart/CartPage')) },
      { path: 'login', lazy: antdPage(() => import('../shop/features/auth/LoginPage')) },
      { path: 'register', lazy: antdPage(() => import('../shop/features/auth/RegisterPage')) },
      { path: 'fpassword', lazy: antdPage(() => import('../shop/features/auth/ForgotPasswordPage')) },
      { path: 'loginres', lazy: antdPage(() => import('../shop/features/auth/LoginResultPage')) },
      { path: 'profile', lazy: antdPage(() => import('../shop/features/account/ProfilePage')) },
      { path: 'cpassword', lazy: antdPage(() => import('../shop/features/account/ChangePasswordPage')) },
      { path: 'address', lazy: antdPage(() => import('../shop/features/account/AddressBookPage')) },
      { path: 'checkout', lazy: antdPage(() => import('../shop/features/checkout/CheckoutPage')) },
      { path: 'checkoutCvsResult', lazy: antdPage(() => import('../shop/features/checkout/CvsResultPage')) },
      { path: 'paymentSlip', lazy: antdPage(() => import('../shop/features/orders/PaymentSlipPage')) },
      { path: 'orders', lazy: antdPage(() => import('../shop/features/orders/OrdersPage')) },
      { path: 'points', lazy: antdPage(() => import('../shop/features/rewards/PointsPage')) },
      { path: 'wishlist', lazy: antdPage(() => import('../shop/features/wishlist/WishlistPage')) },
      { path: 'reviews', lazy: antdPage(() => import('../shop/features/reviews/MyReviewsPage')) },
      { path: 'unsubscribe/:token', lazy: async () => ({ Component: (await import('../shop/features/preferences/UnsubscribePage')).default }) },
      { path: 'allowance/:token', lazy: async () => ({ Component: (await import('../shop/features/invoices/AllowanceConsentPage')).default }) },
      { path: '*', lazy: async () => ({ Component: (await import('../shop/features/content/NotFoundPage')).default }) },
    ],
  },
  adminRoutes,
  // The standalone HTML editor (spec 3 §2): its own lazy tree, no shop navbar; every call it makes needs the admin session.
  { path: '/editor', lazy: antdPage(() => import('../editor/EditorPage')), HydrateFallback: PageLoading, ErrorBoundary: RouteError },
];

export const router = createBrowserRouter(routes);

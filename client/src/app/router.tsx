import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../shared/components/PageLoading';
import { RouteError } from '../shared/components/RouteError';

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
      { path: 'products', lazy: async () => ({ Component: (await import('../shop/features/catalog/ProductsPage')).default }) },
      { path: 'product/:id', lazy: async () => ({ Component: (await import('../shop/features/catalog/ProductPage')).default }) },
      { path: 'cart', lazy: async () => ({ Component: (await import('../shop/features/cart/CartPage')).default }) },
      { path: '*', lazy: async () => ({ Component: (await import('../shop/features/content/NotFoundPage')).default }) },
    ],
  },
];

export const router = createBrowserRouter(routes);

import type { AppDispatch } from './store';

/**
 * Render-as-you-fetch for the shop's first screens: the data request of `/`, `/products` or
 * `/product/:id` starts as soon as the app does, in parallel with the route's chunks, instead
 * of after they loaded and rendered. The page's own query then picks up the request in
 * flight (RTK Query dedupes by endpoint and argument).
 */
export function prefetchFirstScreen(pathname: string, dispatch: AppDispatch): void {
  const product = /^\/product\/(\d+)\/?$/.exec(pathname);
  if (pathname === '/') {
    void import('../shop/features/content/contentApi').then(({ contentApi }) => dispatch(contentApi.util.prefetch('homepage', undefined, {})));
  } else if (/^\/products\/?$/.test(pathname)) {
    void import('../shop/features/catalog/catalogApi').then(({ catalogApi }) => dispatch(catalogApi.util.prefetch('loadProducts', undefined, {})));
  } else if (product) {
    void import('../shop/features/catalog/catalogApi').then(({ catalogApi }) => dispatch(catalogApi.util.prefetch('productPage', Number(product[1]), {})));
  }
}

import { baseApi } from '../../../shared/api/baseApi';
import type { LoadProductsAnswer, ProductDetailsAnswer, ProductPageAnswer } from '@api/catalog';

/** A catalogue read that failed (network, 5xx): the list and the product page say the same. */
export const LOAD_FAILED_TEXT = '商品載入失敗，請稍後再試。';

/** Catalogue reads (spec 1 §7, spec 2 §7). */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadProducts: build.query<LoadProductsAnswer, void>({
      query: () => '/load/loadProducts',
      providesTags: ['Products'],
    }),
    productDetails: build.query<ProductDetailsAnswer, number>({
      query: (product_id) => ({ url: '/load/productDetails', method: 'POST', body: { product_id } }),
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    productPage: build.query<ProductPageAnswer, number>({
      query: (id) => `/load/productD/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useLoadProductsQuery, useProductDetailsQuery, useProductPageQuery } = catalogApi;

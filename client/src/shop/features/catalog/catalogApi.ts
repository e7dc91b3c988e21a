import { baseApi } from '../../../shared/api/baseApi';
import type { LoadProductsResponse, ProductDetailsResponse, ProductPageResponse } from './catalogTypes';

/** Catalogue reads (spec 1 §7, spec 2 §7). */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadProducts: build.query<LoadProductsResponse, void>({
      query: () => '/load/loadProducts',
      providesTags: ['Products'],
    }),
    productDetails: build.query<ProductDetailsResponse, number>({
      query: (product_id) => ({ url: '/load/productDetails', method: 'POST', body: { product_id } }),
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    productPage: build.query<ProductPageResponse, number>({
      query: (id) => `/load/productD/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useLoadProductsQuery, useProductDetailsQuery, useProductPageQuery } = catalogApi;

import type { AdminProductsAnswer, AdminProductTypesAnswer, CreateProductTypeAnswer, SaveProductAnswer } from '@api/admin-catalog';
import type { Envelope } from '@api/envelope';
import { adminApi, watchAdminSession } from '../../api/adminApi';

export interface ProductsQuery {
  limit: number;
  offset: number;
  /** Title words or a product id; '' for all. */
  searchKeyword: string;
  /** A category id; '' for every category. */
  product_type: number | '';
}

/** The body of createOrUpdateProduct: the whole product with media and variants (prices may carry commas). */
export type ProductBody = Record<string, unknown>;

export interface ProductTypeInput {
  id?: number;
  type_name: string;
  is_active: number;
}

/** Back-office catalogue (spec 3 §7; server: src/modules/catalog/admin-catalog.*). */
export const catalogApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    productsList: build.query<AdminProductsAnswer, ProductsQuery>({
      query: (body) => ({ url: '/admin/productslist', method: 'POST', body }),
      providesTags: ['AdminProducts'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    saveProduct: build.mutation<SaveProductAnswer, ProductBody>({
      query: (body) => ({ url: '/admin/createOrUpdateProduct', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminProducts', 'AdminProductTypes', 'AdminDashboard'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    setProductActive: build.mutation<Envelope, { product_id: number; is_active: number }>({
      query: (body) => ({ url: '/admin/products/isActive', method: 'PUT', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminProducts'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    deleteProduct: build.mutation<Envelope<{ hidden: boolean }>, number>({
      query: (id) => ({ url: `/admin/products/${id}`, method: 'DELETE' }),
      invalidatesTags: (r) => (r?.success ? ['AdminProducts', 'AdminProductTypes', 'AdminDashboard'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    productTypes: build.query<AdminProductTypesAnswer, void>({
      query: () => '/admin/loadproducttypes',
      providesTags: ['AdminProductTypes'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    createProductType: build.mutation<CreateProductTypeAnswer, ProductTypeInput>({
      query: (body) => ({ url: '/admin/product-types', method: 'POST', body: { type_name: body.type_name, is_active: body.is_active } }),
      invalidatesTags: (r) => (r?.success ? ['AdminProductTypes'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updateProductType: build.mutation<Envelope, ProductTypeInput & { id: number }>({
      query: (body) => ({ url: `/admin/product-types/${body.id}`, method: 'PUT', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminProductTypes', 'AdminProducts'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    deleteProductType: build.mutation<Envelope, number>({
      query: (id) => ({ url: `/admin/product-types/${id}`, method: 'DELETE' }),
      invalidatesTags: (r) => (r?.success ? ['AdminProductTypes'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useProductsListQuery,
  useSaveProductMutation,
  useSetProductActiveMutation,
  useDeleteProductMutation,
  useProductTypesQuery,
  useCreateProductTypeMutation,
  useUpdateProductTypeMutation,
  useDeleteProductTypeMutation,
} = catalogApi;

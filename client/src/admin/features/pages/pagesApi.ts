import type { AdminHtmlImagesAnswer, AdminHtmlPagesAnswer, UpdateImageUrlAnswer } from '@api/admin-content';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** HTML pages and HTML images a page (spec 3 §9). */
export const HTML_PAGES_PAGE_SIZE = 30;
export const HTML_IMAGES_PAGE_SIZE = 30;

export interface ContentListQuery {
  limit: number;
  offset: number;
  /** '' for all. */
  keyword: string;
}

export interface UpdateImageUrlInput {
  version_page_type: string;
  image_type: string;
  image_url: string;
}

/** HTML pages and HTML images (spec 3 §7; server: src/modules/content/admin-pages.*). */
export const pagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    htmlPages: build.query<AdminHtmlPagesAnswer, ContentListQuery>({
      query: (body) => ({ url: '/admin/htmls', method: 'POST', body }),
      providesTags: ['AdminPages'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    htmlImages: build.query<AdminHtmlImagesAnswer, ContentListQuery>({
      query: (body) => ({ url: '/admin/htmlimages', method: 'POST', body }),
      providesTags: ['AdminHtmlImages'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updateImageUrl: build.mutation<UpdateImageUrlAnswer, UpdateImageUrlInput>({
      query: (body) => ({ url: '/admin/updateImageUrl', method: 'POST', body }),
      invalidatesTags: (r) => (r?.success ? ['AdminHtmlImages'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useHtmlPagesQuery, useHtmlImagesQuery, useUpdateImageUrlMutation } = pagesApi;

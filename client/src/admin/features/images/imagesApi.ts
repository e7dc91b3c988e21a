import type { ImageDeleteAnswer, ImageListAnswer, ImageUploadAnswer } from '@api/images';
import { adminApi, watchAdminSession } from '../../api/adminApi';

export interface ImageListQuery {
  page: number;
  /** 12, 24 or 48 (spec 3 §9). */
  pageSize: number;
  q?: string;
  folder?: string;
}

export interface ImageUploadInput {
  files: File[];
  folder?: string;
}

/**
 * The image library (spec 3 §5; server: src/modules/images). Shared by the 圖片庫 screen and the
 * ImageUrlField picker (client/src/admin/components/ImageUrlField.tsx).
 */
export const imagesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminImages: build.query<ImageListAnswer, ImageListQuery>({
      query: ({ page, pageSize, q, folder }) => ({
        url: '/admin/images',
        params: { page, pageSize, ...(q ? { q } : {}), ...(folder ? { folder } : {}) },
      }),
      providesTags: ['AdminImages'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    uploadImages: build.mutation<ImageUploadAnswer, ImageUploadInput>({
      query: ({ files, folder }) => {
        const body = new FormData();
        for (const f of files) body.append('files', f, f.name);
        if (folder) body.append('folder', folder);
        body.append('acceptWebp', '1');
        return { url: '/admin/images/upload', method: 'POST', body };
      },
      invalidatesTags: (r) => (r?.success ? ['AdminImages'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    deleteImage: build.mutation<ImageDeleteAnswer, number>({
      query: (id) => ({ url: `/admin/images/${id}`, method: 'DELETE' }),
      invalidatesTags: (r) => (r?.success ? ['AdminImages'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useAdminImagesQuery, useUploadImagesMutation, useDeleteImageMutation } = imagesApi;

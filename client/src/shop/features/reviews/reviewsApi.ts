import type { CreateReviewAnswer, ProductReviewsAnswer, RatingsAnswer, ReviewablesAnswer, ReviewPhotoAnswer, ReviewSort } from '@api/reviews';
import { baseApi } from '../../../shared/api/baseApi';
import { watchSession } from '../auth/watchSession';

/** Reviews per page on the product page (spec 4 §9). */
export const REVIEWS_PAGE_SIZE = 10;

export interface ProductReviewsArgs {
  id: number;
  page: number;
  /** 0 = every star. */
  stars: number;
  withPhotos: boolean;
  sort: ReviewSort;
}

export interface NewReview {
  order_item_id: number;
  rating: number;
  content: string;
  photos: string[];
}

/** Product reviews, the cards' ratings, and the member's own reviews (spec 4 §7). */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    productReviews: build.query<ProductReviewsAnswer, ProductReviewsArgs>({
      query: ({ id, page, stars, withPhotos, sort }) => ({
        url: `/load/productReviews/${id}`,
        params: { page, limit: REVIEWS_PAGE_SIZE, sort, ...(stars ? { stars } : {}), ...(withPhotos ? { withPhotos: 1 } : {}) },
      }),
      providesTags: (_r, _e, a) => [{ type: 'ProductReviews', id: a.id }],
    }),
    /** Every product's average and count, once per visit (the cards). */
    ratings: build.query<RatingsAnswer, void>({
      query: () => '/load/ratings',
      keepUnusedDataFor: 600,
    }),
    reviewables: build.query<ReviewablesAnswer, void>({
      query: () => '/member/reviewables',
      providesTags: ['Reviewables', 'User'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
    createReview: build.mutation<CreateReviewAnswer, NewReview>({
      query: (body) => ({ url: '/member/reviews', method: 'POST', body }),
      invalidatesTags: (_r, e) => (e ? [] : ['Reviewables', 'Points', 'ProductReviews']),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => watchSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useProductReviewsQuery, useRatingsQuery, useReviewablesQuery, useCreateReviewMutation } = reviewsApi;

/** How a photo upload went: its url, or the server's message. */
export type PhotoUpload = { ok: true; url: string } | { ok: false; message: string; status?: number };

export const PHOTO_UPLOAD_FAILED = '照片上傳失敗，請稍後再試';

/**
 * `POST /api/member/reviews/photos` (multipart `file`), one photo at a time, with its progress
 * (XMLHttpRequest: fetch has no upload progress). The CSRF header is the session's, as for every write.
 */
export function uploadReviewPhoto(file: File, headers: Record<string, string>, onProgress: (percent: number) => void): { done: Promise<PhotoUpload>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<PhotoUpload>((resolve) => {
    xhr.open('POST', '/api/member/reviews/photos');
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Partial<ReviewPhotoAnswer> = {};
      try {
        body = JSON.parse(xhr.responseText) as Partial<ReviewPhotoAnswer>;
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.success && body.url) resolve({ ok: true, url: body.url });
      else resolve({ ok: false, message: body.message || PHOTO_UPLOAD_FAILED, status: xhr.status });
    };
    xhr.onerror = () => resolve({ ok: false, message: PHOTO_UPLOAD_FAILED });
    xhr.onabort = () => resolve({ ok: false, message: '' });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

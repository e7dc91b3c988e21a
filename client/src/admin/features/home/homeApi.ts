import type {
  AdminHomeBanner,
  AdminHomeCertificate,
  AdminHomeEndorsement,
  AdminHomeTestimonial,
  HomeCreateAnswer,
  HomeDataAnswer,
  HomeWriteAnswer,
} from '@api/admin-content';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** The four sections of the home screen and the row each one edits. */
export interface HomeRows {
  banner: AdminHomeBanner;
  endorsement: AdminHomeEndorsement;
  testimonial: AdminHomeTestimonial;
  certificate: AdminHomeCertificate;
}
export type HomeSectionKey = keyof HomeRows;

/** The create/update/delete call names of each section (spec 3 §7 home content). */
export const HOME_CALLS: Record<HomeSectionKey, { create: string; update: string; remove: string }> = {
  banner: { create: 'createCarouselBanner', update: 'updateCarouselBanner', remove: 'deleteCarouselBanner' },
  endorsement: { create: 'createBeauticianEndorsement', update: 'updateBeauticianEndorsement', remove: 'deleteBeauticianEndorsement' },
  testimonial: { create: 'createUserTestimonial', update: 'updateUserTestimonial', remove: 'deleteUserTestimonial' },
  certificate: { create: 'createCertificate', update: 'updateCertificate', remove: 'deleteCertificate' },
};

/**
 * Home content (spec 3 §7; server: src/modules/content/admin-home.*). The writes don't refetch the
 * list: the screen keeps its cards (unsaved ones included) and applies each answer itself.
 */
export const homeApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    loadHomeData: build.query<HomeDataAnswer, void>({
      query: () => '/admin/loadHomeData',
      providesTags: ['AdminHome'],
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    createHomeItem: build.mutation<HomeCreateAnswer, { section: HomeSectionKey; body: Record<string, unknown> }>({
      query: ({ section, body }) => ({ url: `/admin/${HOME_CALLS[section].create}`, method: 'POST', body }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    updateHomeItem: build.mutation<HomeWriteAnswer, { section: HomeSectionKey; body: Record<string, unknown> }>({
      query: ({ section, body }) => ({ url: `/admin/${HOME_CALLS[section].update}`, method: 'POST', body }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    deleteHomeItem: build.mutation<HomeWriteAnswer, { section: HomeSectionKey; id: number }>({
      query: ({ section, id }) => ({ url: `/admin/${HOME_CALLS[section].remove}`, method: 'POST', body: { id } }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useLoadHomeDataQuery, useCreateHomeItemMutation, useUpdateHomeItemMutation, useDeleteHomeItemMutation } = homeApi;

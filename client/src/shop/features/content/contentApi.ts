import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { RootState } from '../../../app/store';
import { versionsLoaded } from '../../../app/site/siteSlice';
import { baseApi, type Envelope } from '../../../shared/api/baseApi';
import { isObject, isString, readVersioned, resolveVersioned, writeVersioned } from '../../../shared/lib/versionCache';
import { clearCart } from '../cart/cartSlice';
import type { AboutPageAnswer, HtmlPageAnswer, PageImageAnswer, VersionedAnswer } from '@api/content';
import type { AboutData, ContactRequest, HomeData, HomepageResponse, Poster } from './contentTypes';
import { homeRequest, readStoredHome, resolveHome, storeHome } from './homeCache';

type Answer = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;
type Send = (version?: string) => Answer | PromiseLike<Answer>;
type Result<T> = QueryReturnValue<T, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;

export const ABOUT_KEY = 'about';
export const pageKey = (pageType: string) => `page.${pageType}`;
export const imageKey = (imageType: string) => `image.${imageType}`;

const isAbout = (d: unknown): d is AboutData => isObject(d) && isString(d.html) && isString(d.image);

/** An answer with success false (or no body) as an RTK Query error. */
function refused(body: unknown): FetchBaseQueryError {
  const message = isObject(body) && isString(body.message) ? body.message : 'content not available';
  return { status: 'CUSTOM_ERROR', error: message, data: body };
}

/** Content load failures are only written to the console (spec 1 §8); a stored copy still shows. */
function failed<T>(what: string, error: FetchBaseQueryError, fallback: T | undefined): Result<T> {
  console.error(`content load failed: ${what}`, error);
  return fallback !== undefined ? { data: fallback } : { error };
}

/** One versioned content call: send the stored version, keep or replace the stored copy. */
async function versionedQuery<T, A extends Envelope<VersionedAnswer>>(key: string, isData: (d: unknown) => d is T, send: Send, pick: (a: A) => T): Promise<Result<T>> {
  const stored = readVersioned(key, isData);
  let version = stored?.version;
  for (;;) {
    const res = await send(version);
    if (res.error) return failed(key, res.error, stored?.data);
    const answer = res.data as A;
    if (!isObject(answer) || !answer.success) return failed(key, refused(answer), stored?.data);
    const resolved = resolveVersioned(stored, answer.isUpdated, answer.serverVersion, () => pick(answer));
    if (!resolved) {
      if (version === undefined) return failed<T>(key, refused(answer), undefined);
      version = undefined; // the server thinks we hold a copy we lost: ask for it again
      continue;
    }
    if (resolved.changed) writeVersioned(key, resolved.entry);
    return { data: resolved.entry.data };
  }
}

/** Storefront content (spec 1 §7, spec 2 §7): home, about, html pages, page images, posters, contact. */
export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    homepage: build.query<HomeData, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const stored = readStoredHome();
        let body = homeRequest(stored);
        for (;;) {
          const res = await baseQuery({ url: '/load/homepage', method: 'POST', body });
          const fallback = stored.page && stored.products ? { ...stored.page.data, homeProducts: stored.products.data } : undefined;
          if (res.error) return failed('home', res.error, fallback);
          const answer = res.data as HomepageResponse;
          if (!isObject(answer) || !answer.success) return failed('home', refused(answer), fallback);
          syncCartVersion(answer.serverCartVersion, api.getState() as RootState, api.dispatch);
          const resolved = resolveHome(stored, answer);
          if (!resolved) {
            if (Object.keys(body).length === 0) return failed<HomeData>('home', refused(answer), undefined);
            body = {};
            continue;
          }
          storeHome(resolved.next, resolved.changed);
          return { data: resolved.data };
        }
      },
    }),
    aboutPage: build.query<AboutData, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        versionedQuery(
          ABOUT_KEY,
          isAbout,
          (aboutVersion) => baseQuery({ url: '/load/aboutpage', method: 'POST', body: aboutVersion ? { aboutVersion } : {} }),
          (a: AboutPageAnswer) => ({ html: a.txthtml001 ?? '', image: a.aboutImg000 ?? '' }),
        ),
    }),
    htmlPage: build.query<string, { page_type: string; versionStr: string }>({
      queryFn: ({ page_type, versionStr }, _api, _extra, baseQuery) =>
        versionedQuery(
          pageKey(page_type),
          isString,
          (pageVersion) =>
            baseQuery({ url: '/load/loadhtmlpage', method: 'POST', body: { page_type, versionStr, ...(pageVersion ? { pageVersion } : {}) } }),
          (a: HtmlPageAnswer) => a.detail_html ?? '',
        ),
    }),
    pageImage: build.query<string, { image_type: string; versionStr: string }>({
      queryFn: ({ image_type, versionStr }, _api, _extra, baseQuery) =>
        versionedQuery(
          imageKey(image_type),
          isString,
          (pageVersion) =>
            baseQuery({ url: '/load/loadpageimage', method: 'POST', body: { image_type, versionStr, ...(pageVersion ? { pageVersion } : {}) } }),
          (a: PageImageAnswer) => a.image_url ?? '',
        ),
    }),
    poster: build.query<Poster, number>({
      query: (id) => `/load/posterD/${id}`,
    }),
    contactSend: build.mutation<Envelope, ContactRequest>({
      query: (body) => ({ url: '/email/contactSend', method: 'POST', body }),
    }),
  }),
});

/**
 * The home answer carries the cart version too: when it moved on from the one we stored,
 * the stored cart is stale (spec 3 §4), so it is emptied and the new version kept.
 */
function syncCartVersion(serverCartVersion: string | undefined, state: RootState, dispatch: (a: unknown) => unknown): void {
  const stored = state.site.cartVersion;
  if (!serverCartVersion || !stored || serverCartVersion === stored) return;
  dispatch(clearCart());
  dispatch(versionsLoaded({ cartVersion: serverCartVersion }));
}

export const { useHomepageQuery, useAboutPageQuery, useHtmlPageQuery, usePageImageQuery, usePosterQuery, useContactSendMutation } = contentApi;

/** Stored copies for the first paint, before the version check answers. */
export const storedAbout = () => readVersioned(ABOUT_KEY, isAbout)?.data;
export const storedHtmlPage = (pageType: string) => readVersioned(pageKey(pageType), isString)?.data;
export const storedPageImage = (imageType: string) => readVersioned(imageKey(imageType), isString)?.data;

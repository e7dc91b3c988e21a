import type { AiRewriteAnswer, LoadHtmlAnswer, SaveHtmlAnswer } from '@api/admin-editor';
import type { AiMode, EditType } from '@rules/admin-editor';
import { adminApi } from '../admin/api/adminApi';

/** Which HTML the editor works on (the /editor query: edittype, product_id, htmlname). */
export interface EditTarget {
  edittype: EditType;
  product_id?: number;
  htmlname?: string;
}

export interface SaveHtmlInput extends EditTarget {
  /** The editor's page marker from the query, passed through (the server does not use it). */
  vpage?: string;
  html: string;
}

/**
 * The HTML editor's calls (spec 3 §7; server: src/modules/editor). Each needs the admin session;
 * the page itself shows a 401 (no admin guard layout around /editor).
 */
export const editorApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/loadhtml: the stored HTML. */
    loadHtml: build.query<LoadHtmlAnswer, EditTarget>({
      query: ({ edittype, product_id, htmlname }) => ({
        url: '/admin/loadhtml',
        params: edittype === 'product' ? { edittype, product_id } : { edittype, htmlname },
      }),
      keepUnusedDataFor: 0,
    }),
    /** POST /api/admin/savehtml: stores the HTML (sanitized) and answers what was stored. */
    saveHtml: build.mutation<SaveHtmlAnswer, SaveHtmlInput>({
      query: (body) => ({ url: '/admin/savehtml', method: 'POST', body }),
      invalidatesTags: (r, _e, arg) => (r?.success ? [arg.edittype === 'product' ? 'AdminProducts' : 'AdminPages'] : []),
    }),
    /** POST /api/admin/ai/rewrite: the AI's rewrite of `content` (daily quota per admin). */
    aiRewrite: build.mutation<AiRewriteAnswer, { content: string; mode: AiMode }>({
      query: (body) => ({ url: '/admin/ai/rewrite', method: 'POST', body }),
    }),
  }),
});

export const { useLoadHtmlQuery, useSaveHtmlMutation, useAiRewriteMutation } = editorApi;

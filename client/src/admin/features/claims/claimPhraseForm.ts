import type { ClaimPhrase } from '@api/compliance';
import { CLAIM_PHRASE_LIMITS, claimPhrasesErrors } from '@rules/cosmetics-rules';

/** A row of the claims list editor; `key` stays with the row while others are added or removed. */
export interface PhraseRow extends ClaimPhrase {
  key: number;
}

/** One row's problems (the index in the list). */
export interface RowProblems {
  phrase?: string;
  reason?: string;
}

/** Longest phrase and reason the editor takes (the server's limits). */
export const CLAIM_PHRASE_MAX = CLAIM_PHRASE_LIMITS.phrase;
export const CLAIM_REASON_MAX = CLAIM_PHRASE_LIMITS.reason;

export const CLAIM_EDITOR_TEXT = {
  checkFields: '請檢查表單欄位',
  saved: '已儲存',
  saveFailed: '儲存失敗',
  loadFailed: '載入詞語清單失敗',
  readOnly: '僅店長與客服人員可修改清單；編輯人員可檢視。',
} as const;

let nextKey = 1;
/** A new row (a fresh key). */
export const phraseRow = (p: ClaimPhrase = { phrase: '', reason: '' }): PhraseRow => ({ key: nextKey++, phrase: p.phrase, reason: p.reason });

/** The body of PUT /api/admin/claim-phrases: every row trimmed, in the list's order. */
export const phrasesBody = (rows: readonly PhraseRow[]): ClaimPhrase[] => rows.map((r) => ({ phrase: r.phrase.trim(), reason: r.reason.trim() }));

/**
 * Each row's problems, by the server's own rules (`claimPhrasesErrors`, @rules/cosmetics-rules): a
 * phrase of 1–30 characters and a reason are required, and a phrase may appear once as the check
 * matches it (100％有效 repeats 100% 有效). `others`: what names no row (more than 200 entries).
 */
export function phraseProblems(rows: readonly ClaimPhrase[]): { rows: Map<number, RowProblems>; others: string[] } {
  return serverProblems({ errors: claimPhrasesErrors(rows) });
}

/**
 * The server's refusal per row: `errors` [{field, message}] whose field names a row as
 * `phrases.3.phrase`, `phrases[3].reason` or `3.phrase`; the rest (no row) come back in `others`.
 */
export function serverProblems(answer: unknown): { rows: Map<number, RowProblems>; others: string[] } {
  const data = answer && typeof answer === 'object' && 'data' in answer ? (answer as { data?: unknown }).data : answer;
  const errors = data && typeof data === 'object' && 'errors' in data ? (data as { errors?: unknown }).errors : undefined;
  const rows = new Map<number, RowProblems>();
  const others: string[] = [];
  if (!Array.isArray(errors)) return { rows, others };
  for (const e of errors) {
    if (!e || typeof e !== 'object') continue;
    const { field, message } = e as { field?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const m = typeof field === 'string' ? /(?:^|\.|\[)(\d+)\]?\.(phrase|reason)$/.exec(field) : null;
    if (m) {
      const i = Number(m[1]);
      rows.set(i, { ...rows.get(i), [m[2]]: message });
    } else if (!others.includes(message)) others.push(message);
  }
  return { rows, others };
}

/** True when the rows differ from the stored list. */
export function phrasesChanged(rows: readonly PhraseRow[], stored: readonly ClaimPhrase[]): boolean {
  if (rows.length !== stored.length) return true;
  return rows.some((r, i) => r.phrase !== stored[i].phrase || r.reason !== stored[i].reason);
}

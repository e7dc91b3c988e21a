import type { ClaimPhrase } from '@api/compliance';
import { COSMETICS_MSG, foldForClaims } from '@rules/cosmetics-rules';

/** A row of the claims list editor; `key` stays with the row while others are added or removed. */
export interface PhraseRow extends ClaimPhrase {
  key: number;
}

/** One row's problems (the index in the list). */
export interface RowProblems {
  phrase?: string;
  reason?: string;
}

/** Longest phrase and reason the editor takes (the seeded ones are far shorter). */
export const CLAIM_PHRASE_MAX = 30;
export const CLAIM_REASON_MAX = 100;

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
 * Each row's problems (COSMETICS_MSG, as the server says): a phrase and a reason are required, and
 * a phrase may appear once (matched as the check matches: spaces, case and full-width forms folded,
 * so 100％有效 repeats 100% 有效). Empty map = fine.
 */
export function phraseProblems(rows: readonly ClaimPhrase[]): Map<number, RowProblems> {
  const out = new Map<number, RowProblems>();
  const seen = new Set<string>();
  const add = (i: number, p: RowProblems) => out.set(i, { ...out.get(i), ...p });
  rows.forEach((r, i) => {
    const phrase = r.phrase.trim();
    const key = foldForClaims(phrase);
    if (!phrase || !key) add(i, { phrase: COSMETICS_MSG.phraseRequired });
    else if (phrase.length > CLAIM_PHRASE_MAX) add(i, { phrase: `詞語最多 ${CLAIM_PHRASE_MAX} 個字` });
    else if (seen.has(key)) add(i, { phrase: COSMETICS_MSG.phraseDuplicate });
    if (key) seen.add(key);
    const reason = r.reason.trim();
    if (!reason) add(i, { reason: COSMETICS_MSG.reasonRequired });
    else if (reason.length > CLAIM_REASON_MAX) add(i, { reason: `原因最多 ${CLAIM_REASON_MAX} 個字` });
  });
  return out;
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

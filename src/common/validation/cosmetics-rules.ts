/**
 * The cosmetics law (化粧品衛生安全管理法) in the shop (spec 4 §3–§5, issue 22 §5): the product label
 * fields' rules and the claims check, written once for the server (src/modules/catalog,
 * src/modules/claims) and the back-office forms (`@rules/cosmetics-rules`). Pure TypeScript.
 */
import type { ClaimPhrase, ClaimWarning, CosmeticsFields } from '../api/compliance';

export const COSMETICS_MSG = {
  registrationNo: '化粧品登錄編號格式錯誤',
  /** A warning to staff (not a refusal) when a listed product has no registration number. */
  registrationMissing: '尚未填寫化粧品登錄編號',
  tooLong: (label: string, max: number) => `${label}最多 ${max} 個字`,
  /** The claims list in settings: each entry needs a phrase and a reason. */
  phraseRequired: '請輸入詞語',
  reasonRequired: '請輸入原因',
  phraseDuplicate: '詞語重複',
} as const;

/** 化粧品產品登錄編號: letters, digits and - up to 30 characters. */
export const REGISTRATION_NO = /^[A-Za-z0-9-]{1,30}$/;

/** Each field's label (the 規格 tab, the form) and its length limit. */
export const COSMETICS_FIELDS: ReadonlyArray<{ key: keyof CosmeticsFields; label: string; max: number; multiline: boolean }> = [
  { key: 'registration_no', label: '化粧品產品登錄編號', max: 30, multiline: false },
  { key: 'volume', label: '容量', max: 50, multiline: false },
  { key: 'ingredients', label: '全成分', max: 5000, multiline: true },
  { key: 'usage', label: '使用方法', max: 2000, multiline: true },
  { key: 'warnings', label: '注意事項', max: 2000, multiline: true },
  { key: 'shelf_life', label: '保存期限', max: 100, multiline: false },
  { key: 'origin', label: '產地', max: 50, multiline: false },
  { key: 'maker', label: '製造或輸入業者', max: 300, multiline: false },
];

export const EMPTY_COSMETICS: CosmeticsFields = {
  registration_no: '',
  ingredients: '',
  volume: '',
  usage: '',
  warnings: '',
  shelf_life: '',
  origin: '',
  maker: '',
};

/** Every refusal of the fields, by key (empty = fine). Values are trimmed by the caller. */
export function cosmeticsErrors(c: Partial<CosmeticsFields>): Array<{ field: keyof CosmeticsFields; message: string }> {
  const out: Array<{ field: keyof CosmeticsFields; message: string }> = [];
  for (const f of COSMETICS_FIELDS) {
    const v = c[f.key] ?? '';
    if (f.key === 'registration_no') {
      if (v !== '' && !REGISTRATION_NO.test(v)) out.push({ field: f.key, message: COSMETICS_MSG.registrationNo });
    } else if ([...v].length > f.max) out.push({ field: f.key, message: COSMETICS_MSG.tooLong(f.label, f.max) });
  }
  return out;
}

const MEDICAL = '涉及醫療效能（化粧品不得宣稱醫療效果）';
const EXAGGERATED = '誇大或保證效果（虛偽誇大）';

/**
 * The claims list the shop starts with (settings `CLAIM_PHRASES`; staff edit it): medical terms and
 * exaggerations from 化粧品標示宣傳廣告涉及虛偽誇大或醫療效能認定準則 (spec 4 §4).
 */
export const DEFAULT_CLAIM_PHRASES: readonly ClaimPhrase[] = [
  ...['治療', '消炎', '抗發炎', '殺菌', '再生', '除疤', '根治', '療效', '痊癒', '治癒', '抗敏', '消除痘痘', '去疤', '醫療級', '藥用'].map((phrase) => ({
    phrase,
    reason: MEDICAL,
  })),
  ...['永久', '100% 有效', '保證', '立即見效', '無副作用', '第一名', '最有效', '根除', '神奇'].map((phrase) => ({ phrase, reason: EXAGGERATED })),
];

/** Folds a text for matching: HTML tags out, entities decoded enough, full-width to half-width, spaces and case folded. */
export function foldForClaims(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/**
 * Each phrase of `phrases` found in each field's text (spec 4 §4), once per field and phrase, in the
 * list's order. Matching ignores HTML tags, spaces, case and full-width forms (100％有效 = 100% 有效).
 */
export function findClaims(fields: Record<string, string | null | undefined>, phrases: readonly ClaimPhrase[]): ClaimWarning[] {
  const out: ClaimWarning[] = [];
  const folded = phrases.map((p) => ({ ...p, key: foldForClaims(p.phrase) })).filter((p) => p.key !== '');
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const hay = foldForClaims(text);
    for (const p of folded) if (hay.includes(p.key)) out.push({ field, phrase: p.phrase, reason: p.reason });
  }
  return out;
}

/** The claims list's limits (settings `CLAIM_PHRASES`, `PUT /api/admin/claim-phrases`). */
export const CLAIM_PHRASE_LIMITS = { phrase: 30, reason: 100, entries: 200 } as const;

/**
 * Every refusal of a claims list (all at once, fields `phrases.{i}.phrase` / `phrases.{i}.reason`, or
 * `phrases` for the list itself): each phrase 1–30 characters (請輸入詞語), a reason (請輸入原因), no
 * phrase twice as the check matches it (詞語重複), at most 200 entries. Values are trimmed by the caller.
 */
export function claimPhrasesErrors(list: readonly ClaimPhrase[]): Array<{ field: string; message: string }> {
  const out: Array<{ field: string; message: string }> = [];
  if (list.length > CLAIM_PHRASE_LIMITS.entries) out.push({ field: 'phrases', message: `詞語最多 ${CLAIM_PHRASE_LIMITS.entries} 個` });
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const phrase = p.phrase ?? '';
    const reason = p.reason ?? '';
    const key = foldForClaims(phrase);
    if (phrase === '' || key === '') out.push({ field: `phrases.${i}.phrase`, message: COSMETICS_MSG.phraseRequired });
    else if ([...phrase].length > CLAIM_PHRASE_LIMITS.phrase) out.push({ field: `phrases.${i}.phrase`, message: COSMETICS_MSG.tooLong('詞語', CLAIM_PHRASE_LIMITS.phrase) });
    else if (seen.has(key)) out.push({ field: `phrases.${i}.phrase`, message: COSMETICS_MSG.phraseDuplicate });
    if (key !== '') seen.add(key);
    if (reason === '') out.push({ field: `phrases.${i}.reason`, message: COSMETICS_MSG.reasonRequired });
    else if ([...reason].length > CLAIM_PHRASE_LIMITS.reason) out.push({ field: `phrases.${i}.reason`, message: COSMETICS_MSG.tooLong('原因', CLAIM_PHRASE_LIMITS.reason) });
  });
  return out;
}

import type { HomeDataAnswer } from '@api/admin-content';
import type { HomeSectionKey } from './homeApi';

/** A card field: an image URL (with its recommended size), a line, a paragraph or a whole number. */
export interface HomeFieldDef {
  name: string;
  label: string;
  kind: 'image' | 'text' | 'textarea' | 'number';
  hint?: string;
  placeholder?: string;
  maxLength?: number;
}

export interface HomeSectionDef {
  key: HomeSectionKey;
  title: string;
  /** What the section shows on the home page. */
  note: string;
  /** The answer's list of this section. */
  list: keyof Omit<HomeDataAnswer, 'success' | 'message'>;
  fields: HomeFieldDef[];
  /** The preview's width / height (the recommended size, spec 3 §9). */
  ratio: string;
}

/** The four sections in screen order (spec 3 §2, §3; recommended sizes of §9). */
export const HOME_SECTIONS: HomeSectionDef[] = [
  {
    key: 'banner',
    title: '輪播橫幅',
    note: '首頁最上方的輪播圖，排序數字小的先顯示。',
    list: 'home_carousel_banners',
    ratio: '1920 / 450',
    fields: [
      { name: 'image_url', label: '桌機版圖片', kind: 'image', hint: '建議尺寸 1920 × 450' },
      { name: 'phone_url', label: '手機版圖片', kind: 'image', hint: '建議尺寸 853 × 1280' },
      { name: 'ctitle', label: '標題', kind: 'text', maxLength: 100 },
      { name: 'description', label: '描述', kind: 'textarea', maxLength: 500 },
      { name: 'link_url', label: '連結', kind: 'text', placeholder: '/products 或 https://…', maxLength: 500 },
      { name: 'sort_order', label: '排序', kind: 'number', hint: '數字小的先顯示' },
    ],
  },
  {
    key: 'endorsement',
    title: '美容師推薦',
    note: '專業美容師推薦圖片。',
    list: 'homeBeauticianEndorsements',
    ratio: '1 / 1',
    fields: [{ name: 'image_url', label: '圖片', kind: 'image', hint: '建議尺寸 1050 × 1050' }],
  },
  {
    key: 'testimonial',
    title: '使用者見證',
    note: '顧客使用心得的圖片與文字。',
    list: 'homeUserTestimonials',
    ratio: '1 / 1',
    fields: [
      { name: 'image_url', label: '圖片', kind: 'image', hint: '建議尺寸 800 × 800' },
      { name: 'review', label: '見證內容', kind: 'textarea', maxLength: 1000 },
    ],
  },
  {
    key: 'certificate',
    title: '認證證書',
    note: '品牌取得的認證與證書。',
    list: 'home_certificates',
    ratio: '390 / 550',
    fields: [
      { name: 'image_url', label: '圖片', kind: 'image', hint: '建議尺寸 390 × 550' },
      { name: 'title', label: '標題', kind: 'text', maxLength: 100 },
      { name: 'description', label: '說明', kind: 'textarea', maxLength: 500 },
    ],
  },
];

/** A card's editable values (every field of its row but the id). */
export type HomeValues = Record<string, string | number | null>;

/** A card on the screen: saved when it has an id (spec 3 §4 home cards). */
export interface HomeCardState {
  /** Stable React key, also for unsaved cards. */
  key: string;
  id?: number;
  values: HomeValues;
  /** The values as last saved (to flag unsaved edits); none for a new card. */
  saved?: HomeValues;
}

let seq = 0;
export const nextCardKey = () => `new-${++seq}`;

/** A row of the answer as a saved card. */
export function cardOfRow(row: { id: number }): HomeCardState {
  const { id, ...rest } = row as { id: number } & HomeValues;
  const values: HomeValues = { ...rest };
  return { key: `id-${id}`, id, values, saved: values };
}

/** An empty card of a section, placed after the others. */
export function newCard(def: HomeSectionDef, existing: HomeCardState[]): HomeCardState {
  const values: HomeValues = {};
  for (const f of def.fields) values[f.name] = f.kind === 'number' ? 0 : '';
  const last = existing.reduce((max, c) => (typeof c.values.sort_order === 'number' ? Math.max(max, c.values.sort_order) : max), -1);
  values.sort_order = last + 1;
  values.is_active = 1;
  return { key: nextCardKey(), values };
}

/** Saved cards by sort order then id; unsaved ones keep their place at the end. */
export function bySortOrder(cards: HomeCardState[]): HomeCardState[] {
  const saved = cards.filter((c) => c.id !== undefined);
  const fresh = cards.filter((c) => c.id === undefined);
  saved.sort((a, b) => Number(a.values.sort_order ?? 0) - Number(b.values.sort_order ?? 0) || (a.id ?? 0) - (b.id ?? 0));
  return [...saved, ...fresh];
}

export const sameValues = (a: HomeValues, b: HomeValues | undefined) => !!b && Object.keys(a).every((k) => a[k] === b[k]);

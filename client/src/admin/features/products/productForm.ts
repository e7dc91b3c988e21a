import type { AdminProductRow } from '@api/admin-catalog';
import type { CosmeticsFields } from '@api/compliance';
import { productProblems, wholeNumber, type ProductProblem } from '@rules/admin-catalog';
import { COSMETICS_FIELDS, cosmeticsErrors, EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import type { ProductBody } from './catalogApi';

/** A media row of the product modal (spec 3 §3 "Product media"). */
export interface MediaValues {
  media_url: string;
  ordering: number | null;
  /** Switch state. */
  is_active: boolean;
}

/** A variant row; `id` is kept from the edited product so carts and orders keep pointing at it. */
export interface VariantValues {
  id?: number;
  variant_name: string;
  quantity: number | null;
  /** Text: commas are ignored ("1,200"). */
  original_price: string;
  discount_price: string;
}

/** The product modal's fields (spec 3 §2, §3). */
export interface ProductValues {
  product_id?: number;
  /** Left undefined on a new product until typed (spec 3 §5: "must not be undefined"). */
  seo_description?: string;
  product_type?: number;
  title: string;
  description: string;
  unit: string;
  /** 觀看數 and 已售數量: the shop's own counts (issue 21 §6), shown read-only and never sent. */
  views_count: number | null;
  sold_quantity: number | null;
  image_url: string;
  is_new: boolean;
  is_hot: boolean;
  is_manager: boolean;
  is_active: boolean;
  /** 化粧品標示 (issue 22 §5, spec 4 §3): the cosmetics law's label fields, '' when not given. */
  cosmetics: CosmeticsFields;
  product_media: MediaValues[];
  product_variants: VariantValues[];
}

/** Spec 3 §9: a new variant starts at 999999 / 9999 / 0. */
export const NEW_VARIANT: VariantValues = { variant_name: '', quantity: 0, original_price: '999999', discount_price: '9999' };

export const newMedia = (ordering: number): MediaValues => ({ media_url: '', ordering, is_active: true });

/** Add mode (spec 3 §4): new 1, hot 0, manager 0, active 1; stock, sold and views 0. */
export function emptyProduct(): ProductValues {
  return {
    seo_description: undefined,
    product_type: undefined,
    title: '',
    description: '',
    unit: '',
    views_count: 0,
    sold_quantity: 0,
    image_url: '',
    is_new: true,
    is_hot: false,
    is_manager: false,
    is_active: true,
    cosmetics: { ...EMPTY_COSMETICS },
    product_media: [],
    product_variants: [],
  };
}

/** Edit mode: a copy of the row (variant ids kept). */
export function productFromRow(p: AdminProductRow): ProductValues {
  return {
    product_id: p.product_id,
    seo_description: p.seo_description ?? '',
    product_type: p.product_type ?? undefined,
    title: p.title,
    description: p.description,
    unit: p.unit,
    views_count: p.views_count,
    sold_quantity: p.sold_quantity,
    image_url: p.image_url,
    is_new: p.is_new === 1,
    is_hot: p.is_hot === 1,
    is_manager: p.is_manager === 1,
    is_active: p.is_active === 1,
    cosmetics: { ...EMPTY_COSMETICS, ...p.cosmetics },
    product_media: p.product_media.map((m) => ({ media_url: m.media_url, ordering: m.ordering, is_active: m.is_active === 1 })),
    product_variants: p.product_variants.map((v) => ({
      id: v.id,
      variant_name: v.variant_name,
      quantity: v.quantity,
      original_price: String(v.original_price),
      discount_price: String(v.discount_price),
    })),
  };
}

/** Stock is the sum of the variants' quantities (the server keeps stock on the variants). */
export function variantStock(variants: readonly Partial<VariantValues>[] | undefined): number {
  return (variants ?? []).reduce((sum, v) => sum + (wholeNumber(v?.quantity) ?? 0), 0);
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** The createOrUpdateProduct body from the modal's values. */
export function productBody(v: ProductValues): ProductBody {
  const variants = v.product_variants ?? [];
  return {
    ...(v.product_id ? { product_id: v.product_id } : {}),
    seo_description: v.seo_description,
    product_type: v.product_type ?? 0,
    title: text(v.title).trim(),
    description: text(v.description).trim(),
    unit: text(v.unit).trim(),
    stock: variantStock(variants),
    image_url: text(v.image_url).trim(),
    is_new: v.is_new ? 1 : 0,
    is_hot: v.is_hot ? 1 : 0,
    is_manager: v.is_manager ? 1 : 0,
    is_active: v.is_active ? 1 : 0,
    cosmetics: cosmeticsBody(v.cosmetics),
    product_media: (v.product_media ?? []).map((m) => ({ media_url: text(m?.media_url).trim(), ordering: m?.ordering ?? null, is_active: m?.is_active ? 1 : 0 })),
    product_variants: variants.map((r) => ({
      ...(r?.id ? { id: r.id } : {}),
      variant_name: text(r?.variant_name).trim(),
      quantity: r?.quantity ?? null,
      original_price: text(r?.original_price).replace(/,/g, '').trim(),
      discount_price: text(r?.discount_price).replace(/,/g, '').trim(),
    })),
  };
}

/** The `cosmetics` object of the body: every field trimmed, '' for what is not given. */
export function cosmeticsBody(c: Partial<CosmeticsFields> | undefined): CosmeticsFields {
  const out: CosmeticsFields = { ...EMPTY_COSMETICS };
  for (const f of COSMETICS_FIELDS) out[f.key] = text(c?.[f.key]).trim();
  return out;
}

/** The same check as the server (spec 3 §5, spec 4 §5; every rule at once): cosmetics problems as `cosmetics.<key>`. */
export function checkProduct(body: ProductBody): ProductProblem[] {
  const cosmetics = (body.cosmetics ?? {}) as Partial<CosmeticsFields>;
  return [...productProblems(body), ...cosmeticsErrors(cosmetics).map((e) => ({ field: `cosmetics.${e.field}`, message: e.message }))];
}

const COSMETICS_KEYS = new Set<string>(COSMETICS_FIELDS.map((f) => f.key));

/** A server error's field as a form path: a bare cosmetics key (`registration_no`) is the nested `cosmetics.registration_no`. */
export function productField(field: string): string {
  return COSMETICS_KEYS.has(field) ? `cosmetics.${field}` : field;
}

/** A listed product without a registration number: staff are warned (not refused, spec 4 §5). */
export function missingRegistration(isActive: unknown, registrationNo: unknown): boolean {
  return Boolean(isActive) && text(registrationNo).trim() === '';
}

/** The labels of the product texts the claims check names (spec 4 §4). */
export const PRODUCT_CLAIM_LABELS: Readonly<Record<string, string>> = {
  title: '商品名稱',
  description: '商品描述',
  seo_description: 'SEO 描述',
  detail_html: '商品詳細說明',
  spec_html: '商品規格',
  ...Object.fromEntries(COSMETICS_FIELDS.map((f) => [f.key, f.label])),
};

/** The product texts checked before saving: the name, descriptions and the label texts a shopper reads as claims. */
export function productClaimFields(body: ProductBody): Record<string, string> {
  const c = (body.cosmetics ?? {}) as Partial<CosmeticsFields>;
  return {
    title: text(body.title),
    description: text(body.description),
    seo_description: text(body.seo_description),
    usage: text(c.usage),
    warnings: text(c.warnings),
  };
}

/** `product_media.0.media_url` → ['product_media', 0, 'media_url'] (an antd form name path). */
export function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The list-level problems (no rows at all) keyed by list, the rest grouped by field. */
export function groupProblems(problems: readonly ProductProblem[]): { lists: Record<string, string[]>; fields: Map<string, string[]> } {
  const lists: Record<string, string[]> = {};
  const fields = new Map<string, string[]>();
  for (const p of problems) {
    if (p.field === 'product_media' || p.field === 'product_variants') {
      const list = (lists[p.field] ??= []);
      if (!list.includes(p.message)) list.push(p.message);
    } else {
      const list = fields.get(p.field) ?? [];
      if (!list.includes(p.message)) list.push(p.message);
      fields.set(p.field, list);
    }
  }
  return { lists, fields };
}

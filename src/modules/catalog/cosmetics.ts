import type { CosmeticsFields } from '../../common/api/compliance';
import { COSMETICS_FIELDS } from '../../common/validation/cosmetics-rules';
import type { Product } from './entities/product.entity';

/** A product's cosmetics-law label fields as the API shows them ('' for what is not given). */
export function cosmeticsOf(p: Pick<Product, keyof CosmeticsFields>): CosmeticsFields {
  return {
    registration_no: p.registration_no ?? '',
    ingredients: p.ingredients ?? '',
    volume: p.volume ?? '',
    usage: p.usage ?? '',
    warnings: p.warnings ?? '',
    shelf_life: p.shelf_life ?? '',
    origin: p.origin ?? '',
    maker: p.maker ?? '',
  };
}

/**
 * The `cosmetics` object of a product save, trimmed: only the keys it names (an absent object or key
 * keeps what is stored). Numbers are taken as text; 'invalid' when it is not an object or a value is
 * neither text nor a number (the save answers 請檢查表單欄位).
 */
export function cosmeticsInput(v: unknown): Partial<CosmeticsFields> | 'invalid' {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) return 'invalid';
  const o = v as Record<string, unknown>;
  const out: Partial<CosmeticsFields> = {};
  for (const f of COSMETICS_FIELDS) {
    const x = o[f.key];
    if (x === undefined || x === null) continue;
    if (typeof x === 'string') out[f.key] = x.trim();
    else if (typeof x === 'number' && Number.isFinite(x)) out[f.key] = String(x);
    else return 'invalid';
  }
  return out;
}

/** Long label texts (全成分, 使用方法, 注意事項) as their lengths in an audit entry; the rest as they are. */
export function cosmeticsAudit(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...o };
  for (const k of ['ingredients', 'usage', 'warnings'] as const) if (k in out) out[k] = { length: typeof out[k] === 'string' ? (out[k] as string).length : 0 };
  return out;
}

import type { ClaimWarning, CosmeticsFields } from './compliance';
import type { Envelope } from './envelope';

/** Back-office catalogue answers (spec 3 §7, issue 12). Types only. */
export interface AdminMediaRow {
  id: number;
  media_url: string;
  ordering: number;
  is_active: number;
}

export interface AdminVariantRow {
  /** Keep it when saving an edit: carts and orders refer to the variant's id. */
  id: number;
  variant_name: string;
  quantity: number;
  original_price: number;
  discount_price: number;
}

export interface AdminProductRow {
  product_id: number;
  product_type: number | null;
  type_name: string;
  unit: string;
  title: string;
  description: string;
  image_url: string;
  /** Sum of the variants' quantities (stock lives on the variants). */
  stock: number;
  sold_quantity: number;
  views_count: number;
  is_new: number;
  is_hot: number;
  is_manager: number;
  is_active: number;
  seo_description: string;
  /** The cosmetics law's label fields (issue 22 §5). */
  cosmetics: CosmeticsFields;
  product_media: AdminMediaRow[];
  product_variants: AdminVariantRow[];
}

export type AdminProductsAnswer = Envelope<{ products: AdminProductRow[]; total: number }>;

/** createOrUpdateProduct: failing fields all at once (`errors`), message = the first banner. */
export type SaveProductAnswer = Envelope<{ product_id?: number; errors?: Array<{ field: string; message: string }>; warnings?: ClaimWarning[] }>;

export interface AdminProductTypeRow {
  id: number;
  type_name: string;
  is_active: number;
  /** Products of this type (hidden ones included). */
  product_count: number;
}

export type AdminProductTypesAnswer = Envelope<{ productTypes: AdminProductTypeRow[] }>;
export type CreateProductTypeAnswer = Envelope<{ newid: number }>;

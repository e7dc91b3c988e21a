import type { CosmeticsFields } from './compliance';
import type { Envelope } from './envelope';

/** Shapes of the shop's catalogue answers (spec 1 §3, §7; spec 2 §3, §7). Server: src/modules/catalog. */

/** A listed variant (only active ones). `stock` is never negative. */
export interface VariantView {
  variant_id: number;
  variant_name: string;
  original_price: number;
  discount_price: number;
  stock: number;
}

export interface MediaView {
  media_url: string;
}

/** One listed product with the price range of its variants. */
export interface ProductListItem {
  product_id: number;
  title: string;
  description: string;
  image_url: string;
  unit: string;
  product_type: number | null;
  /** '' when the product has no (known) type. */
  type_name: string;
  /** Lowest original price of the variants (0 without variants). */
  price: number;
  /** Lowest discount price. */
  discount_price: number;
  highest_price: number;
  highest_discount: number;
  /** Sum of the variants' stock. */
  stock: number;
  sold_quantity: number;
  /** Same as sold_quantity (the spec's sort key salesDesc). */
  sales: number;
  views: number;
  manager_rank: number;
  /** 0 or 1. */
  is_new: number;
  /** 0 or 1. */
  is_hot: number;
  /** 0 or 1: store-manager recommended (featured on the home page). */
  is_manager: number;
}

export interface ProductTypeView {
  id: number;
  type_name: string;
}

/** `GET /api/load/loadProducts`. */
export type LoadProductsAnswer = Envelope<{
  products: ProductListItem[];
  productsTypes: ProductTypeView[];
}>;

/** `POST /api/load/productDetails` (the popup): the list item plus variants and media. */
export type ProductDetailsAnswer = Envelope<
  ProductListItem & {
    seo_description: string;
    Variants: VariantView[];
    pMedias: MediaView[];
  }
>;

/** `pDetails` of `GET /api/load/productD/:id` (the product page). HTML is sanitized by the server. */
export interface ProductPageDetails {
  product_id: number;
  title: string;
  description: string;
  image_url: string;
  price: number;
  highest_price: number;
  discount_price: number;
  highest_discount: number;
  sold_quantity: number;
  unit: string;
  stock: number;
  seo_description: string;
  detail_html: string;
  spec_html: string;
  product_type: number | null;
  type_name: string;
  is_new: number;
  is_hot: number;
  /** The cosmetics law's label fields (issue 22 §5): the 規格 tab and the JSON-LD show the non-empty ones. */
  cosmetics: CosmeticsFields;
  Variants: VariantView[];
}

/** `GET /api/load/productD/:id`. */
export type ProductPageAnswer = Envelope<{
  pDetails: ProductPageDetails;
  pMedias: MediaView[];
}>;

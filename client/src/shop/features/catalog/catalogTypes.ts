import type { Envelope } from '../../../shared/api/baseApi';

/** One row of `GET /api/load/loadProducts` (only listed products). */
export interface ProductListItem {
  product_id: number;
  title: string;
  description: string;
  image_url: string;
  unit: string;
  product_type: number | null;
  type_name: string;
  price: number;
  discount_price: number;
  highest_price: number;
  highest_discount: number;
  stock: number;
  sold_quantity: number;
  sales: number;
  views: number;
  manager_rank: number;
  is_new: number;
  is_hot: number;
}

export interface ProductType {
  id: number;
  type_name: string;
}

export interface Variant {
  variant_id: number;
  variant_name: string;
  original_price: number;
  discount_price: number;
  stock: number;
}

export interface MediaRow {
  media_url: string;
}

export interface LoadProductsResponse extends Envelope {
  products: ProductListItem[];
  productsTypes: ProductType[];
}

/** `POST /api/load/productDetails` (the popup). */
export interface ProductDetailsResponse extends Envelope, ProductListItem {
  seo_description: string;
  Variants: Variant[];
  pMedias: MediaRow[];
}

/** `pDetails` of `GET /api/load/productD/:id` (the product page). */
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
  is_new?: number;
  is_hot?: number;
  Variants: Variant[];
}

export interface ProductPageResponse extends Envelope {
  pDetails: ProductPageDetails;
  pMedias: MediaRow[];
}

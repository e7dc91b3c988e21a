/** Shapes the shop's catalogue API answers with (spec 1 §3, spec 2 §3). */
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
  /** Store-manager recommended. */
  is_manager: number;
}

export interface ProductTypeView {
  id: number;
  type_name: string;
}

import type { AdminProductRow, AdminProductTypeRow } from '@api/admin-catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export const TYPES: AdminProductTypeRow[] = [
  { id: 1, type_name: '化妝水', is_active: 1, product_count: 12 },
  { id: 2, type_name: '精華液', is_active: 1, product_count: 11 },
  { id: 3, type_name: '空類別', is_active: 1, product_count: 0 },
];

export const productRow = (id: number, extra: Partial<AdminProductRow> = {}): AdminProductRow => ({
  product_id: id,
  product_type: id % 2 ? 1 : 2,
  type_name: id % 2 ? '化妝水' : '精華液',
  unit: '瓶',
  title: `保濕商品${id}`,
  description: '溫和保濕',
  image_url: `/media/demo/p${id}.webp`,
  stock: 30,
  sold_quantity: id * 2,
  views_count: id * 10,
  is_new: 0,
  is_hot: 0,
  is_manager: 0,
  is_active: 1,
  seo_description: `商品${id}的描述`,
  cosmetics: { ...EMPTY_COSMETICS, registration_no: `A${id}-0001`, volume: '50ml', origin: '台灣' },
  product_media: [{ id: id * 10, media_url: `/media/demo/p${id}-1.webp`, ordering: 1, is_active: 1 }],
  product_variants: [
    { id: id * 100 + 1, variant_name: '50ml', quantity: 10, original_price: 1200, discount_price: 990 },
    { id: id * 100 + 2, variant_name: '100ml', quantity: 20, original_price: 2000, discount_price: 1680 },
  ],
  ...extra,
});

type ListBody = { limit: number; offset: number; searchKeyword: string; product_type: number | '' };

/** A list handler over `all` (newest first), filtering like the server: title or id, category. */
export const listHandler = (all: () => AdminProductRow[]) => (b: unknown) => {
  const { limit, offset, searchKeyword, product_type } = b as ListBody;
  const found = all().filter(
    (p) => (!searchKeyword || p.title.includes(searchKeyword) || String(p.product_id) === searchKeyword) && (!product_type || p.product_type === product_type),
  );
  return { json: { success: true, products: found.slice(offset, offset + limit), total: found.length } };
};

export const typesHandler = (types: () => AdminProductTypeRow[]) => () => ({ json: { success: true, productTypes: types() } });

/** The open antd dialog titled `title` (not one closing). */
export const dialog = (title: string | RegExp) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').filter((d) => {
      const t = d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent ?? '';
      return !d.closest('.ant-zoom-leave') && !d.classList.contains('ant-zoom-leave') && (typeof title === 'string' ? t === title : title.test(t));
    });
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  });

/** A toast's text. */
export const toast = (text: string) => screen.findByText(text, { selector: '.ant-message-notice *' });


import type { AdminProductRow } from '@api/admin-catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import type { AdminPromotion } from '@api/promotions';
import { NEUTRAL_PROMOTION } from '@rules/promotion-rules';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** A promotion as GET /api/admin/promotions answers it (spec 4 §3). */
export const promo = (id: number, extra: Partial<AdminPromotion> = {}): AdminPromotion => ({
  ...NEUTRAL_PROMOTION,
  id,
  name: `滿千折百 ${id}`,
  kind: 'amount_off',
  starts_at: '2026-12-01T00:00:00+08:00',
  ends_at: '2026-12-31T23:59:00+08:00',
  description: '全館滿 NT$ 1,000 折 NT$ 100',
  tiers: [{ threshold: 1000, value: 100 }],
  gift_stock: null,
  used_count: 0,
  status: 'upcoming',
  orders: 0,
  codes_total: 0,
  codes_used: 0,
  created_at: '2026-11-20T02:00:00.000Z',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...extra,
});

/** A catalogue row for the product and variant pickers. */
export const product = (id: number, title: string): AdminProductRow => ({
  product_id: id,
  product_type: 1,
  type_name: '精華液',
  unit: '瓶',
  title,
  description: '',
  image_url: '',
  stock: 10,
  sold_quantity: 0,
  views_count: 0,
  is_new: 0,
  is_hot: 0,
  is_manager: 0,
  is_active: 1,
  seo_description: '',
  cosmetics: { ...EMPTY_COSMETICS },
  product_media: [],
  product_variants: [{ id: id * 100 + 1, variant_name: '旅行組', quantity: 10, original_price: 600, discount_price: 450 }],
});

/** The catalogue the pickers read (POST /api/admin/productslist, GET /api/admin/loadproducttypes). */
export const catalogHandlers = (products: AdminProductRow[] = [product(11, '玻尿酸精華'), product(12, '保濕化妝水')]) => ({
  'POST /api/admin/productslist': (b: unknown) => {
    const { searchKeyword } = b as { searchKeyword?: string };
    const found = products.filter((p) => !searchKeyword || p.title.includes(searchKeyword));
    return { json: { success: true, products: found, total: found.length } };
  },
  'GET /api/admin/loadproducttypes': () => ({
    json: { success: true, productTypes: [{ id: 1, type_name: '精華液', is_active: 1, product_count: 2 }, { id: 2, type_name: '化妝水', is_active: 1, product_count: 1 }] },
  }),
});

/** The list handler over `rows`, filtering by keyword and status as the server does. */
export const listHandler = (rows: () => AdminPromotion[]) => (_b: unknown, url: URL) => {
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  const keyword = url.searchParams.get('keyword') ?? '';
  const status = url.searchParams.get('status');
  const found = rows().filter((r) => (!keyword || r.name.includes(keyword)) && (!status || r.status === status));
  return { json: { success: true, promotions: found.slice(offset, offset + limit), total: found.length } };
};

/** The open drawer titled `title` (antd keeps a closing one in the page while it animates out). */
export const openDrawers = (title: string | RegExp) =>
  Array.from(document.querySelectorAll<HTMLElement>('.ant-drawer-open .ant-drawer-section, .ant-drawer-open .ant-drawer-content')).filter((d) => {
    const t = d.querySelector('.ant-drawer-title')?.textContent ?? '';
    return typeof title === 'string' ? t === title : title.test(t);
  });

export const findDrawer = async (title: string | RegExp) => {
  await waitFor(() => expect(openDrawers(title)).toHaveLength(1));
  return openDrawers(title)[0];
};

/** A toast's text. */
export const toast = (text: string) => screen.findByText(text, { selector: '.ant-message-notice *' });

import type { AdminReviewView } from '@api/reviews';

/** A review as GET /api/admin/reviews answers it. */
export const review = (id: number, extra: Partial<AdminReviewView> = {}): AdminReviewView => {
  const r: Omit<AdminReviewView, 'status'> = {
  id,
  product_id: 11,
  rating: 5,
  content: `用了兩週，保濕度很夠，早上起來不緊繃 ${id}`,
  photos: [],
  display_name: '王**',
  variant_name: '30ml',
  reply: null,
  replied_at: null,
  created_at: '2026-11-20T02:00:00.000Z',
  order_item_id: id * 10,
  order_id: 500 + id,
  order_no: `SS2026112000${id}`,
  user_id: 7,
  username: '王小美',
  title: '玻尿酸精華',
  is_visible: 1,
  held: 0,
  held_reason: '',
  ...extra,
  };
  return { ...r, status: extra.status ?? (r.held ? 'held' : r.is_visible ? 'shown' : 'hidden') };
};

/** The list handler over `rows`, filtering as the server does. */
export const reviewsHandler = (rows: () => AdminReviewView[]) => (_b: unknown, url: URL) => {
  const p = url.searchParams;
  const limit = Number(p.get('limit'));
  const offset = Number(p.get('offset'));
  const status = p.get('status');
  const found = rows().filter(
    (r) =>
      (!status || (status === 'held' ? r.held === 1 : status === 'hidden' ? r.held === 0 && r.is_visible === 0 : r.held === 0 && r.is_visible === 1)) &&
      (!p.get('stars') || r.rating === Number(p.get('stars'))) &&
      (!p.get('product_id') || r.product_id === Number(p.get('product_id'))) &&
      (!p.get('user_id') || r.user_id === Number(p.get('user_id'))) &&
      (!p.get('keyword') || r.content.includes(p.get('keyword')!)),
  );
  return { json: { success: true, reviews: found.slice(offset, offset + limit), total: found.length } };
};

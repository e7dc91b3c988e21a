import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReviewView, ReviewableItem } from '@api/reviews';
import { mockApi, renderRoutes } from '../../../test/render';
import { loggedInAs, member } from '../account/testMember';
import MyReviewsPage from './MyReviewsPage';
import { myReview, reviewable } from './testReviews';

/**
 * XMLHttpRequest for the photo uploads (fetch has no upload progress): each upload waits until the
 * test answers it, so the one-by-one order and the progress can be seen.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(percent: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    act(() => this.onload?.());
  }
}

const routes = [
  { path: '/reviews', element: <MyReviewsPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/orders', element: <p>orders page</p> },
  { path: '/product/:id', element: <p>product page</p> },
];
const asMember = { preloaded: loggedInAs(member()) };
const png = (name: string) => new File(['x'], name, { type: 'image/png' });

function server(state: { items: ReviewableItem[]; reviews: MyReviewView[] }, create?: (body: Record<string, unknown>) => { status?: number; json: unknown }) {
  return mockApi({
    'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
    'GET /api/login/getuser': () => ({ json: { success: true, user: member() } }),
    'GET /api/member/reviewables': () => ({ json: { success: true, items: state.items, reviews: state.reviews } }),
    'POST /api/member/reviews': (body) => {
      const b = body as Record<string, unknown>;
      if (create) return create(b);
      const held = String(b.content).includes('http');
      state.items = state.items.filter((i) => i.order_item_id !== b.order_item_id);
      const review = myReview({ id: 99, order_item_id: b.order_item_id as number, rating: b.rating as number, content: String(b.content), held: held ? 1 : 0 });
      state.reviews = [review, ...state.reviews];
      return { json: { success: true, message: held ? '評價已送出，待審核後顯示' : '評價已送出', review, points: 20 } };
    },
  });
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const form = () => screen.getByRole('dialog', { name: '撰寫評價' });
const openForm = async (user: ReturnType<typeof userEvent.setup>, title = '玻尿酸保濕原液') => {
  await user.click(await screen.findByRole('button', { name: `撰寫評價：${title}` }));
  return form();
};

// A busy CI machine types slowly: these tests fill a form.
describe('MyReviewsPage /reviews (spec 4 §2, §5, §8)', { timeout: 30_000 }, () => {
  it('sends a visitor to /login with the way back saved', async () => {
    mockApi({ 'GET /api/login/getuser': () => ({ status: 401, json: { success: false } }) });
    const { store } = renderRoutes(routes, { path: '/reviews' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(store.getState().session.redirectPath).toBe('/reviews');
  });

  it('lists what waits for a review; the form checks the rules with the spec’s messages and sends nothing until they hold', async () => {
    const { calls } = server({ items: [reviewable({}), reviewable({ order_item_id: 32, title: '修護霜' })], reviews: [] });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reviews', ...asMember });
    expect(await screen.findAllByTestId('reviewable')).toHaveLength(2);
    expect(screen.getAllByTestId('reviewable')[0]).toHaveTextContent('評價期限 2027-02-08');
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: /送出評價/ }));
    expect(within(dialog).getByTestId('review-rating-error')).toHaveTextContent('請選擇評分');
    expect(within(dialog).getByTestId('review-content-error')).toHaveTextContent('評價內容至少 10 個字');

    await user.click(within(dialog).getByRole('radio', { name: /^4 星/ }));
    expect(within(dialog).queryByTestId('review-rating-error')).toBeNull();
    const content = within(dialog).getByLabelText('評價內容');
    await user.click(content);
    await user.paste('字'.repeat(1001));
    expect(within(dialog).getByTestId('review-counter')).toHaveTextContent('1001 / 1000');
    expect(within(dialog).getByTestId('review-content-error')).toHaveTextContent('評價內容最多 1000 個字');
    await user.clear(content);
    await user.paste('保濕度很好，不黏膩');
    expect(within(dialog).getByTestId('review-counter')).toHaveTextContent('9 / 1000');
    expect(within(dialog).getByTestId('review-content-error')).toHaveTextContent('評價內容至少 10 個字');
    await user.type(content, '！');
    expect(within(dialog).queryByTestId('review-content-error')).toBeNull();
    expect(calls.some((c) => c.path === '/api/member/reviews')).toBe(false);
  });

  it('uploads photos one by one with their progress, at most 5, and sends the review with them (評價已送出)', async () => {
    const { calls } = server({ items: [reviewable({})], reviews: [] });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reviews', ...asMember });
    const dialog = await openForm(user);
    await user.upload(within(dialog).getByTestId('review-file'), [png('a.png'), png('b.png'), png('c.png'), png('d.png'), png('e.png'), png('f.png')]);
    expect(within(dialog).getByTestId('review-photos-error')).toHaveTextContent('最多上傳 5 張照片');
    expect(within(dialog).getAllByTestId('review-photo')).toHaveLength(5);

    // One at a time: the second waits for the first.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe('/api/member/reviews/photos');
    expect(FakeXhr.sent[0].headers['X-CSRF-Token']).toBe('tok');
    expect((FakeXhr.sent[0].body?.get('file') as File).name).toBe('a.png');
    FakeXhr.sent[0].progress(40);
    expect(within(dialog).getAllByTestId('photo-percent')[0]).toHaveTextContent('上傳中 40%');
    expect(within(dialog).getByRole('button', { name: /送出評價/ })).toBeDisabled();
    FakeXhr.sent[0].respond(200, { success: true, url: '/media/reviews/a.webp' });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1].respond(400, { success: false, message: '僅支援 JPG、PNG、WebP 圖片' });
    for (let i = 2; i < 5; i++) {
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(i + 1));
      FakeXhr.sent[i].respond(200, { success: true, url: `/media/reviews/${i}.webp` });
    }
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /送出評價/ })).toBeEnabled());
    expect(within(dialog).getByText('僅支援 JPG、PNG、WebP 圖片')).toHaveAttribute('role', 'alert');
    await user.click(within(dialog).getByRole('button', { name: '移除照片 b.png' }));
    expect(within(dialog).getAllByTestId('review-photo')).toHaveLength(4);

    await user.click(within(dialog).getByRole('radio', { name: /^5 星/ }));
    await user.click(within(dialog).getByLabelText('評價內容'));
    await user.paste('用了兩週，乾燥的地方改善很多。');
    await user.click(within(dialog).getByRole('button', { name: /送出評價/ }));
    expect(await screen.findByText('評價已送出')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/member/reviews')?.body).toEqual({
      order_item_id: 31,
      rating: 5,
      content: '用了兩週，乾燥的地方改善很多。',
      photos: ['/media/reviews/a.webp', '/media/reviews/2.webp', '/media/reviews/3.webp', '/media/reviews/4.webp'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '撰寫評價' })).toBeNull());
    await waitFor(() => expect(screen.queryAllByTestId('reviewable')).toHaveLength(0));
    expect(screen.getByRole('tab', { name: '已評價（1）' })).toBeInTheDocument();
  });

  it('a held review says 評價已送出，待審核後顯示; a refusal shows the server’s message in the form', async () => {
    server({ items: [reviewable({}), reviewable({ order_item_id: 32, title: '修護霜' })], reviews: [] }, (b) =>
      b.order_item_id === 32
        ? { status: 409, json: { success: false, message: '此商品已評價' } }
        : { json: { success: true, message: '評價已送出，待審核後顯示', review: myReview({ held: 1 }), points: 0 } },
    );
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reviews', ...asMember });
    let dialog = await openForm(user);
    await user.click(within(dialog).getByRole('radio', { name: /^5 星/ }));
    await user.click(within(dialog).getByLabelText('評價內容'));
    await user.paste('詳情請看 http://example.com');
    await user.click(within(dialog).getByRole('button', { name: /送出評價/ }));
    expect(await screen.findByText('評價已送出，待審核後顯示')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '撰寫評價' })).toBeNull());

    dialog = await openForm(user, '修護霜');
    await user.click(within(dialog).getByRole('radio', { name: /^3 星/ }));
    await user.click(within(dialog).getByLabelText('評價內容'));
    await user.paste('還可以，但味道比較重一點。');
    await user.click(within(dialog).getByRole('button', { name: /送出評價/ }));
    expect(await within(dialog).findByTestId('review-failure')).toHaveTextContent('此商品已評價');
  });

  it('已評價 shows each review’s state (待審核, 已隱藏) and the shop’s reply', async () => {
    server({
      items: [],
      reviews: [
        myReview({ id: 1, title: '修護霜', held: 1, is_visible: 0 }),
        myReview({ id: 2, title: '潔顏乳', held: 0, is_visible: 0 }),
        myReview({ id: 3, title: '化妝水', reply: '謝謝您的回饋，我們會改進！' }),
      ],
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/reviews', ...asMember });
    expect(await screen.findByText('目前沒有待評價的商品')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '已評價（3）' }));
    const rows = await screen.findAllByTestId('my-review');
    expect(rows.map((r) => within(r).getByTestId('my-review-state').textContent)).toEqual(['待審核', '已隱藏', '已公開']);
    expect(within(rows[2]).getByTestId('my-review-reply')).toHaveTextContent('店家回覆謝謝您的回饋，我們會改進！');
  });

  it('from /orders’ 評價 (?order=): an order with one item left opens its form', async () => {
    server({ items: [reviewable({ order_id: 100, order_item_id: 20, title: '潔顏乳' }), reviewable({ order_id: 101 })], reviews: [] });
    const { router } = renderRoutes(routes, { path: '/reviews?order=101', ...asMember });
    const dialog = await screen.findByRole('dialog', { name: '撰寫評價' });
    expect(dialog).toHaveTextContent('玻尿酸保濕原液');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // That order's items first.
    expect(screen.getAllByTestId('reviewable')[0]).toHaveTextContent('玻尿酸保濕原液');
  });
});

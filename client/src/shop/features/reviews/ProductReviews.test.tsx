import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import ProductReviews from './ProductReviews';
import { review, reviewsAnswer } from './testReviews';

type Query = { page: string | null; limit: string | null; stars: string | null; withPhotos: string | null; sort: string | null };
const queryOf = (url: URL): Query => ({
  page: url.searchParams.get('page'),
  limit: url.searchParams.get('limit'),
  stars: url.searchParams.get('stars'),
  withPhotos: url.searchParams.get('withPhotos'),
  sort: url.searchParams.get('sort'),
});

function server(answer: (q: Query) => { status?: number; json: unknown } = () => ({ json: reviewsAnswer() })) {
  const asked: Query[] = [];
  mockApi({
    'GET /api/load/productReviews/7': (_b, url) => {
      asked.push(queryOf(url));
      return answer(queryOf(url));
    },
  });
  return asked;
}
const open = () => renderApp(<ProductReviews productId={7} />);

describe('ProductReviews (spec 4 §2, §7): the product page’s reviews', { timeout: 30_000 }, () => {
  it('shows the average to one decimal, the count and the 5→1 bars; each review with its masked name, variant and the shop’s reply', async () => {
    server(() => ({
      json: reviewsAnswer({
        summary: { average: 4.56, count: 23, distribution: [17, 4, 1, 1, 0], withPhotos: 3 },
        reviews: [review({ id: 1, reply: '謝謝您的支持！' }), review({ id: 2, rating: 3, display_name: '陳*', variant_name: '15ml', content: '味道有點重，但保濕度不錯。' })],
      }),
    }));
    open();
    expect(await screen.findByTestId('reviews-average')).toHaveTextContent('4.6');
    expect(screen.getByTestId('reviews-count')).toHaveTextContent('23 則評價');
    expect(screen.getAllByTestId('reviews-bar').map((b) => b.getAttribute('aria-label'))).toEqual(['5 星 17 則', '4 星 4 則', '3 星 1 則', '2 星 1 則', '1 星 0 則']);
    const [first, second] = screen.getAllByTestId('review');
    expect(first).toHaveTextContent('王**');
    expect(first).toHaveTextContent('規格：30ml');
    expect(within(first).getByTestId('review-reply')).toHaveTextContent('店家回覆謝謝您的支持！');
    expect(within(second).getByRole('img', { name: '3 顆星' })).toBeInTheDocument();
    expect(second).toHaveTextContent('陳*');
    expect(within(second).queryByTestId('review-reply')).toBeNull();
  });

  it('filters by stars and photos, sorts, and pages by 10 (a new filter starts at page 1)', async () => {
    const asked = server(({ page }) => ({ json: reviewsAnswer({ reviews: [review({ id: Number(page), content: `第 ${page} 頁的評價內容` })] }) }));
    const user = userEvent.setup();
    open();
    await screen.findByText('第 1 頁的評價內容');
    expect(asked[0]).toEqual({ page: '1', limit: '10', stars: null, withPhotos: null, sort: 'newest' });
    expect(screen.getByTestId('reviews-page')).toHaveTextContent('第 1 / 3 頁');

    await user.click(screen.getByRole('button', { name: '下一頁' }));
    await screen.findByText('第 2 頁的評價內容');
    expect(asked.at(-1)).toMatchObject({ page: '2' });

    await user.click(within(screen.getByRole('group', { name: '篩選評價' })).getByRole('button', { name: '5 星' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: '1', stars: '5' }));
    expect(within(screen.getByRole('group', { name: '篩選評價' })).getByRole('button', { name: '5 星' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '有照片（3）' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ stars: '5', withPhotos: '1' }));

    await user.selectOptions(screen.getByLabelText('排序'), '評分低到高');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: 'lowest' }));
    await user.selectOptions(screen.getByLabelText('排序'), '評分高到低');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: 'highest' }));

    // A bar of the summary filters too.
    await user.click(screen.getByRole('button', { name: '1 星 0 則' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ stars: '1' }));
  });

  it('a filter without matches says so', async () => {
    server(({ stars }) => ({ json: stars ? reviewsAnswer({ reviews: [], total: 0 }) : reviewsAnswer() }));
    const user = userEvent.setup();
    open();
    await screen.findByTestId('reviews-summary');
    await user.click(screen.getByRole('button', { name: '1 星 0 則' }));
    expect(await screen.findByTestId('reviews-no-match')).toHaveTextContent('沒有符合條件的評價');
  });

  it('enlarges a photo on click; the arrows move; Escape closes it and focus goes back to the photo', async () => {
    server(() => ({ json: reviewsAnswer({ reviews: [review({ photos: ['/media/r1.webp', '/media/r2.webp'] })] }) }));
    const user = userEvent.setup();
    open();
    const thumb = await screen.findByRole('button', { name: '放大照片 1' });
    await user.click(thumb);
    const dialog = screen.getByRole('dialog', { name: '評價照片' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/media/r1.webp');
    expect(within(dialog).getByRole('button', { name: '關閉' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/media/r2.webp');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(thumb).toHaveFocus();
  });

  it('without reviews invites the first one', async () => {
    server(() => ({ json: reviewsAnswer({ summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0], withPhotos: 0 }, reviews: [], total: 0 }) }));
    open();
    expect(await screen.findByTestId('reviews-none')).toHaveTextContent('還沒有評價');
  });

  it('a failed read offers 重新載入 (without an alert: the product above is what matters)', async () => {
    let fail = true;
    server(() => (fail ? { status: 500, json: { success: false } } : { json: reviewsAnswer() }));
    const user = userEvent.setup();
    open();
    expect(await screen.findByTestId('reviews-error')).toHaveTextContent('評價載入失敗，請稍後再試。');
    expect(screen.queryByRole('alert')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByTestId('reviews-average')).toHaveTextContent('4.6');
  });
});

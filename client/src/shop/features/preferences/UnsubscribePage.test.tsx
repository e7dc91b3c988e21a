import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import UnsubscribePage from './UnsubscribePage';

const open = (token = 'tok.sig') => renderApp(<UnsubscribePage />, { path: `/unsubscribe/${token}`, route: '/unsubscribe/:token' });

describe('UnsubscribePage (/unsubscribe/:token, no login)', () => {
  it('unsubscribes on load and names the list', async () => {
    const { calls } = mockApi({
      'GET /api/csrf-token': () => ({ json: { success: true, csrfToken: 'tok' } }),
      'POST /api/unsubscribe/tok.sig': () => ({ json: { success: true, channel: 'email', done: true } }),
    });
    open();
    expect(await screen.findByText('已取消訂閱')).toBeInTheDocument();
    expect(screen.getByTestId('unsubscribe-result')).toHaveTextContent('您將不再收到 Email 優惠與活動通知');
    expect(calls.filter((c) => c.path === '/api/unsubscribe/tok.sig')).toHaveLength(1);
  });

  it('names the LINE list too', async () => {
    mockApi({ 'POST /api/unsubscribe/tok.sig': () => ({ json: { success: true, channel: 'line', done: false } }) });
    open();
    expect(await screen.findByTestId('unsubscribe-result')).toHaveTextContent(/已取消訂閱.*LINE 優惠與活動通知/);
  });

  it('a link the server refuses is 取消訂閱連結無效, with no retry', async () => {
    mockApi({ 'POST /api/unsubscribe/bad': () => ({ status: 400, json: { success: false, message: '取消訂閱連結無效' } }) });
    open('bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('取消訂閱連結無效');
    expect(screen.queryByRole('button', { name: '重試' })).not.toBeInTheDocument();
  });

  it('a network failure offers 重試, which unsubscribes', async () => {
    const { fetchMock } = mockApi({ 'POST /api/unsubscribe/tok.sig': () => ({ json: { success: true, channel: 'email', done: true } }) });
    const answer = fetchMock.getMockImplementation()!;
    let down = true;
    fetchMock.mockImplementation(async (input, init) => {
      if (down) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('無法連線，請稍後再試');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('已取消訂閱')).toBeInTheDocument();
  });
});

import type { PrivacyRequestRow } from '@api/privacy';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const request = (id: number, extra: Partial<PrivacyRequestRow> = {}): PrivacyRequestRow => ({
  id,
  user_id: 100 + id,
  kind: 'export',
  phone_hint: '0912***678',
  confirmed_by: '',
  created_at: '2026-11-20T02:05:00.000Z',
  ...extra,
});
const ROWS: PrivacyRequestRow[] = [
  request(3, { kind: 'delete', confirmed_by: 'code', phone_hint: '0933***111', created_at: '2026-11-21T15:30:00.000Z' }),
  request(2, { kind: 'delete', confirmed_by: 'password' }),
  ...Array.from({ length: 23 }, (_, i) => request(40 - i)),
];
const pageOf = (all: PrivacyRequestRow[]) => (_b: unknown, url: URL) => {
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  return { json: { success: true, requests: all.slice(offset, offset + limit), total: all.length } };
};

describe('admin 個資請求紀錄 (issue 22 §4)', () => {
  beforeAll(() => preloadAdmin(['privacy']), 60_000);

  it('lists exports and deletions, 20 a page, with time, kind, member, the masked phone and how it was confirmed', async () => {
    const { calls } = adminServer('staff', { 'GET /api/admin/privacy-requests': pageOf(ROWS) });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderAdmin('/admin/privacy');
    const first = await screen.findByTestId('privacy-row-3');
    const headers = within(screen.getByTestId('privacy-requests-table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['時間', '種類', '會員編號', '手機', '確認方式']);
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-21 23:30', '刪除', '#103', '0933***111', '簡訊驗證碼']);
    expect(within(screen.getByTestId('privacy-row-2')).getByText('密碼')).toBeInTheDocument();
    expect(within(screen.getByTestId('privacy-row-40')).getByText('匯出')).toBeInTheDocument();
    expect(within(screen.getByTestId('privacy-row-40')).getByText('登入狀態')).toBeInTheDocument();
    expect(screen.getByText('共 25 筆')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/privacy-requests')).toBeTruthy();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByTestId('privacy-row-22')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.queryByTestId('privacy-row-3')).toBeNull();
  }, 60_000);

  it('shows one card per request on a 390 px phone', async () => {
    adminServer('owner', { 'GET /api/admin/privacy-requests': pageOf(ROWS.slice(0, 2)) });
    renderAdmin('/admin/privacy', { width: 390 });
    const card = await screen.findByTestId('privacy-row-3');
    expect(screen.queryByTestId('privacy-requests-table')).toBeNull();
    expect(within(screen.getByRole('list', { name: '個資請求列表' })).getAllByRole('listitem')).toHaveLength(2);
    expect(card).toHaveTextContent('會員 #103');
    expect(card).toHaveTextContent('刪除');
    expect(card).toHaveTextContent('0933***111');
    expect(card).toHaveTextContent('簡訊驗證碼');
  }, 60_000);

  it('shows the list loading, then says when there is nothing yet', async () => {
    adminServer('staff', { 'GET /api/admin/privacy-requests': pageOf([]) });
    // The log's answer waits until released: the list shows it is loading meanwhile.
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.url : String(input)).includes('/api/admin/privacy-requests')) await gate;
      return inner(input, init);
    });
    renderAdmin('/admin/privacy');
    const page = await screen.findByTestId('admin-privacy');
    await waitFor(() => expect(page.querySelector('.ant-spin-spinning')).not.toBeNull());
    release();
    expect(await screen.findByText('目前沒有個資請求紀錄')).toBeInTheDocument();
    await waitFor(() => expect(page.querySelector('.ant-spin-spinning')).toBeNull());
  }, 60_000);

  it('keeps editors out', async () => {
    const { calls } = adminServer('editor', { 'GET /api/admin/privacy-requests': pageOf(ROWS) });
    renderAdmin('/admin/privacy');
    expect(await screen.findByTestId('admin-forbidden')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/privacy-requests')).toBe(false));
  }, 60_000);
});

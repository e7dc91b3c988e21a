import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { detail, member } from './testMembers';

type Body = { limit: number; offset: number; keyword: string };

describe('admin members (spec 2, issue 11, issue 21 §6)', () => {
  beforeAll(() => preloadAdmin(['users']), 60_000);

  it('lists 20 members a page with the key fields (the rest in the member), searches by keyword and pages on', async () => {
    const all = Array.from({ length: 45 }, (_, i) => member(45 - i));
    const { calls } = adminServer('staff', {
      'POST /api/admin/getUsersByPage': (b) => {
        const { limit, offset, keyword } = b as Body;
        const found = keyword ? all.filter((m) => m.phone.includes(keyword)) : all;
        return { json: { success: true, users: found.slice(offset, offset + limit), total: found.length } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/users', { width: 1440 });
    const first = await screen.findByText('會員45');
    const row = first.closest('tr')!;
    expect(within(row).getByText('0912000045')).toBeInTheDocument();
    expect(within(row).getByText('m45@example.com')).toBeInTheDocument();
    expect(within(row).getByText('正常')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-02 00:30')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '查看「會員45」' })).toBeInTheDocument();
    // Fits 1440 px: no sideways scrolling, account / logins / gender / birthday live in the member.
    expect(screen.getByRole('table').style.width).toBe('');
    expect(screen.queryByRole('columnheader', { name: '登入方式' })).toBeNull();
    expect(screen.getByText('共 45 筆')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    await screen.findByText('會員25');
    expect(router.state.location.search).toBe('?page=2');

    await user.type(screen.getByRole('searchbox', { name: '搜尋會員' }), '0912000007{Enter}');
    await screen.findByText('會員7');
    await waitFor(() => expect(screen.queryByText('會員25')).toBeNull());
    expect(router.state.location.search).toBe('?q=0912000007');
    const bodies = calls.filter((c) => c.path === '/api/admin/getUsersByPage').map((c) => c.body);
    expect(bodies).toEqual([
      { limit: 20, offset: 0, keyword: '' },
      { limit: 20, offset: 20, keyword: '' },
      { limit: 20, offset: 0, keyword: '0912000007' },
    ]);
  }, 40_000);

  it('on a phone shows one card per member with 查看會員', async () => {
    adminServer('staff', {
      'POST /api/admin/getUsersByPage': () => ({ json: { success: true, users: [member(2), member(1, { blocked: true })], total: 2 } }),
      'GET /api/admin/members/2': () => ({ json: detail(2) }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderAdmin('/admin/users', { width: 390 });
    const list = await screen.findByRole('list', { name: '會員列表' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]).getByText('0912000002')).toBeInTheDocument();
    expect(within(cards[1]).getByText('停權')).toBeInTheDocument();
    await user.click(within(cards[0]).getByRole('button', { name: '查看「會員2」' }));
    await waitFor(() => expect(router.state.location.search).toBe('?member=2'));
    expect(await screen.findByText('王小美・#2')).toBeInTheDocument();
  }, 40_000);

  it('says so when nothing matches, and shows a failure with a retry', async () => {
    let fail = true;
    adminServer('staff', {
      'POST /api/admin/getUsersByPage': () => (fail ? { status: 500, json: { success: false, message: '系統錯誤' } } : { json: { success: true, users: [], total: 0 } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/users?q=nobody');
    expect(await screen.findByText('系統錯誤')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重試' }));
    expect(await screen.findByText('沒有符合條件的會員')).toBeInTheDocument();
  });

  it('is not for editors (the server refuses them too)', async () => {
    adminServer('editor', { 'POST /api/admin/getUsersByPage': () => ({ status: 403, json: { success: false } }) });
    renderAdmin('/admin/users?member=2');
    expect(await screen.findByTestId('admin-forbidden')).toBeInTheDocument();
    expect(within(screen.getByRole('menu', { name: '管理選單' })).queryByText('會員管理')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminMemberView } from '@api/admin';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const member = (id: number, extra: Partial<AdminMemberView> = {}): AdminMemberView => ({
  user_id: id,
  account: null,
  username: `會員${id}`,
  email: `m${id}@example.com`,
  phone: `09120000${String(id).padStart(2, '0')}`,
  gender: 'female',
  birthday: '1990-01-02',
  logins: ['password'],
  is_active: 1,
  created_at: '2026-03-01T16:30:00.000Z',
  order_count: id,
  ...extra,
});

type Body = { limit: number; offset: number; keyword: string };

describe('admin members (spec 2, issue 11)', () => {
  beforeAll(() => preloadAdmin(['users']), 60_000);

  it('lists 20 members a page with their details, searches by keyword and pages on', async () => {
    const all = Array.from({ length: 45 }, (_, i) => member(45 - i));
    const { calls } = adminServer('staff', {
      'POST /api/admin/getUsersByPage': (b) => {
        const { limit, offset, keyword } = b as Body;
        const found = keyword ? all.filter((m) => m.phone.includes(keyword)) : all;
        return { json: { success: true, users: found.slice(offset, offset + limit), total: found.length } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin/users');
    const first = await screen.findByText('會員45');
    const row = first.closest('tr')!;
    expect(within(row).getByText('0912000045')).toBeInTheDocument();
    expect(within(row).getByText('m45@example.com')).toBeInTheDocument();
    expect(within(row).getByText('密碼')).toBeInTheDocument();
    expect(within(row).getByText('女')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-02 00:30')).toBeInTheDocument();
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
});

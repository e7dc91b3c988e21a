import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@api/admin';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const entry: AuditEntryView = {
  id: 7,
  created_at: '2026-03-01T15:40:00.000Z',
  admin_id: 2,
  admin_username: 'mei',
  action: 'order.update-receiver',
  entity: 'order',
  entity_id: '42',
  changes: { name: ['王小明', '王大明'], phone: ['0912000000', ''] },
  summary: '修改收件人',
};

describe('admin audit log (owner)', () => {
  beforeAll(() => preloadAdmin(['audit']), 60_000);

  it('shows who did what to which record, with each changed field before → after, filtered from the address', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/auditLogs': () => ({ json: { success: true, rows: [entry], total: 1 } }),
      'GET /api/admin/staff': () => ({ json: { success: true, staff: [] } }),
    });
    renderAdmin('/admin/audit?entity=order&entity_id=42&page=2');
    const row = (await screen.findByText('修改收件人')).closest('tr')!;
    expect(within(row).getByText('2026-03-01 23:40')).toBeInTheDocument();
    expect(within(row).getByText('mei')).toBeInTheDocument();
    expect(within(row).getByText('訂單')).toBeInTheDocument();
    expect(within(row).getByText('#42')).toBeInTheDocument();
    expect(within(row).getByText('王小明')).toBeInTheDocument();
    expect(within(row).getByText('王大明')).toBeInTheDocument();
    expect(within(row).getByText('（空）')).toBeInTheDocument();
    const q = calls.find((c) => c.path === '/api/admin/auditLogs');
    expect(q).toBeDefined();
  });
});

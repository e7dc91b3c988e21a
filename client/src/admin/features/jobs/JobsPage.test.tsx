import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '@api/admin';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

/** The open confirmation bubble (antd Popconfirm). */
async function popconfirm(): Promise<HTMLElement> {
  let el: HTMLElement | undefined;
  await waitFor(() => {
    el = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].find((p) => !p.classList.contains('ant-popover-hidden') && !p.className.includes('leave'));
    expect(el).toBeDefined();
  });
  return el!;
}

const counts = (failed: number) => ({ waiting: 2, active: 0, delayed: 1, completed: 7, failed });
const job = (id: string, extra: Partial<JobView> = {}): JobView => ({
  id,
  name: 'sms.send',
  queue: 'sms',
  state: 'failed',
  data: { orderId: 12, phone: '[redacted]' },
  attemptsMade: 5,
  maxAttempts: 5,
  failedReason: 'provider timeout',
  createdAt: '2026-03-01T01:00:00.000Z',
  finishedAt: '2026-03-01T01:05:00.000Z',
  ...extra,
});

describe('admin jobs view (issue 11, without Redis)', () => {
  beforeAll(() => preloadAdmin(['queues']), 60_000);

  it('shows counts per queue, the failed jobs of a queue, and retries one after a confirmation', async () => {
    let failed = [job('sms.1'), job('sms.2')];
    const { calls } = adminServer('staff', {
      'GET /api/admin/jobs': () => ({
        json: { success: true, driver: 'in-process', boardUrl: null, queues: [ { name: 'mail', counts: counts(0) }, { name: 'sms', counts: counts(failed.length) } ] },
      }),
      'GET /api/admin/jobs/list': (_b, url) => ({ json: { success: true, jobs: url.searchParams.get('queue') === 'sms' && url.searchParams.get('state') === 'failed' ? failed : [] } }),
      'POST /api/admin/jobs/retry': (b) => {
        failed = failed.filter((j) => j.id !== (b as { jobId: string }).jobId);
        return { json: { success: true, message: '已重新排入佇列' } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderAdmin('/admin/queues?auto=0');
    expect(await screen.findByText(/程式內佇列/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Bull Board/ })).toBeNull();

    await user.click(await screen.findByRole('button', { name: '簡訊 失敗 2 筆' }));
    expect(router.state.location.search).toBe('?auto=0&queue=sms&state=failed');
    const row = (await screen.findByText('#sms.1')).closest('tr')!;
    expect(within(row).getByText('provider timeout')).toBeInTheDocument();
    expect(within(row).getByText('5 / 5')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '重試' }));
    await user.click(within(await popconfirm()).getByRole('button', { name: '重試' }));
    expect(await screen.findByText('已重新排入佇列')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('#sms.1')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/admin/jobs/retry').map((c) => c.body)).toEqual([{ queue: 'sms', jobId: 'sms.1' }]);
  }, 40_000);

  it('removes a job only after the confirmation, and sends nothing when cancelled', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/jobs': () => ({ json: { success: true, driver: 'in-process', boardUrl: null, queues: [{ name: 'sms', counts: counts(1) }] } }),
      'GET /api/admin/jobs/list': () => ({ json: { success: true, jobs: [job('sms.9')] } }),
      'POST /api/admin/jobs/remove': () => ({ json: { success: true, message: '已移除任務' } }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/queues?queue=sms&state=failed&auto=0');
    const row = (await screen.findByText('#sms.9')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '移除' }));
    const bubble = await popconfirm();
    expect(bubble).toHaveTextContent('移除後無法復原。');
    await user.click(within(bubble).getByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.path === '/api/admin/jobs/remove')).toBe(false);
    await user.click(within(row).getByRole('button', { name: '移除' }));
    await user.click(within(await popconfirm()).getByRole('button', { name: '移除' }));
    expect(await screen.findByText('已移除任務')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/jobs/remove').map((c) => c.body)).toEqual([{ queue: 'sms', jobId: 'sms.9' }]);
  }, 40_000);

  it('links Bull Board when the server runs it', async () => {
    adminServer('staff', {
      'GET /api/admin/jobs': () => ({ json: { success: true, driver: 'bullmq', boardUrl: '/admin/queues', queues: [] } }),
    });
    renderAdmin('/admin/queues');
    expect(await screen.findByRole('link', { name: /Bull Board/ })).toHaveAttribute('href', '/admin/queues');
    expect(screen.getByText(/Redis（BullMQ）/)).toBeInTheDocument();
  });
});

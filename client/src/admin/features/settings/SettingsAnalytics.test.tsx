import type { AdminSettingsAnswer, AdminSettingView } from '@api/admin-settings';
import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';
import { settingProblem } from '@rules/settings-rules';

const settings = (): AdminSettingView[] => [
  { id: 1, title: '公司名稱', s_key: 'COMPANY_NAME', s_value: '肌研舍股份有限公司' },
  { id: 21, title: 'GA4_ID', s_key: 'GA4_ID', s_value: '' },
  { id: 22, title: 'META_PIXEL_ID', s_key: 'META_PIXEL_ID', s_value: '123456789012345' },
];
const loaded = (): AdminSettingsAnswer => ({ success: true, settings: settings(), payment_methods: [], shipping_methods: [] });
const updates = (calls: { path: string; body: unknown }[]) => calls.filter((c) => c.path === '/api/admin/updatesettings').map((c) => c.body);

describe('admin settings: analytics IDs (issue 22 §7)', () => {
  beforeAll(() => preloadAdmin(['settings']), 60_000);

  it('checks the formats: GA4 G- and 4–20 capitals or digits, Pixel 5–20 digits, empty = off', () => {
    expect(settingProblem('GA4_ID', 'G-AB12CD34EF')).toBeNull();
    expect(settingProblem('GA4_ID', '')).toBeNull();
    expect(settingProblem('GA4_ID', 'g-ab12cd')).toBe('請輸入正確的 GA4 評估 ID');
    expect(settingProblem('GA4_ID', 'UA-12345-1')).toBe('請輸入正確的 GA4 評估 ID');
    expect(settingProblem('META_PIXEL_ID', '1234')).toBe('請輸入正確的 Meta Pixel ID');
    expect(settingProblem('META_PIXEL_ID', '12345')).toBeNull();
    expect(settingProblem('COMPANY_NAME', 'anything')).toBeNull();
  });

  it('shows GA4 評估 ID and Meta Pixel ID in their own section with the consent note, refuses a wrong ID and saves a right one or empty', async () => {
    const { calls } = adminServer('owner', {
      'GET /api/admin/loadsettings': () => ({ json: loaded() }),
      'POST /api/admin/updatesettings': (b) => {
        const { s_id, s_value } = b as { s_id: number; s_value: string };
        return { json: { success: true, message: '更新成功', setting: { ...settings().find((s) => s.id === s_id)!, s_value } } };
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/settings', { width: 390 });
    const section = await screen.findByTestId('analytics-settings');
    expect(within(section).getByRole('heading', { name: '數據分析' })).toBeInTheDocument();
    expect(section).toHaveTextContent('留空即關閉');
    expect(section).toHaveTextContent('同意「分析」之後');
    // Not repeated among the general settings.
    expect(screen.getAllByTestId('setting-GA4_ID')).toHaveLength(1);

    const ga4 = within(section).getByLabelText('GA4 評估 ID');
    expect(ga4).toHaveAttribute('placeholder', 'G-XXXXXXXXXX');
    await user.type(ga4, 'UA-1234');
    expect(within(section).getByText('請輸入正確的 GA4 評估 ID')).toBeInTheDocument();
    expect(ga4).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(section).getByLabelText('更新「GA4 評估 ID」'));
    expect(await screen.findByText('「GA4 評估 ID」更新失敗（請輸入正確的 GA4 評估 ID）')).toBeInTheDocument();
    expect(updates(calls)).toHaveLength(0);

    await user.clear(ga4);
    await user.type(ga4, 'G-AB12CD34EF');
    expect(within(section).queryByText('請輸入正確的 GA4 評估 ID')).toBeNull();
    await user.click(within(section).getByLabelText('更新「GA4 評估 ID」'));
    expect(await screen.findByText('「GA4 評估 ID」更新成功')).toBeInTheDocument();

    const pixel = within(section).getByLabelText('Meta Pixel ID');
    expect(pixel).toHaveValue('123456789012345');
    await user.clear(pixel);
    await user.type(pixel, 'fb-1');
    expect(within(section).getByText('請輸入正確的 Meta Pixel ID')).toBeInTheDocument();
    await user.clear(pixel);
    await user.click(within(section).getByLabelText('更新「Meta Pixel ID」'));
    expect(await screen.findByText('「Meta Pixel ID」更新成功')).toBeInTheDocument();
    expect(updates(calls)).toEqual([
      { s_id: 21, s_value: 'G-AB12CD34EF' },
      { s_id: 22, s_value: '' },
    ]);
  }, 60_000);
});

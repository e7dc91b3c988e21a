import type { AdminPosterRow } from '@api/admin-posters';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServer, preloadAdmin, renderAdmin } from '../../testAdmin';

const poster: AdminPosterRow = {
  id: 7,
  title: '防曬知識',
  seo_description: 'SPF 與 PA 一次搞懂',
  content: '<p>每天擦防曬，肌膚不易曬黑</p>',
  coverImage: '/media/posters/7.webp',
  layoutType: 'image-left',
  imageWidth: 50,
  textAnimation: '',
  imageAnimation: '',
  is_active: 1,
  updated_at: '2026-11-20T02:00:00.000Z',
};
const PHRASES = [
  { phrase: '保證', reason: '誇大或保證效果（虛偽誇大）' },
  { phrase: '永久', reason: '誇大或保證效果（虛偽誇大）' },
];
const visible = (selector: string) => Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((d) => !d.closest('[class*="-leave"]'));
const confirmBox = async () => {
  await waitFor(() => expect(visible('[data-testid="claims-confirm"]')).toHaveLength(1));
  return visible('.ant-modal-confirm').at(-1)!;
};

describe('admin posters: claims check (spec 4 §4)', () => {
  beforeAll(() => preloadAdmin(['adposters']), 60_000);

  it('lists the phrases of title and content before saving; 返回修改 keeps the form, 仍要儲存 saves and shows the server warnings', async () => {
    const { calls } = adminServer('editor', {
      'POST /api/admin/loadPosters': () => ({ json: { success: true, rows: [poster], total: 1 } }),
      'GET /api/admin/claim-phrases': () => ({ json: { success: true, phrases: PHRASES } }),
      'POST /api/admin/updatePoster': (b) => ({
        json: { success: true, message: '更新成功', poster: { ...poster, ...(b as object) }, warnings: [{ field: 'title', phrase: '保證', reason: PHRASES[0].reason }] },
      }),
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAdmin('/admin/adposters');
    await user.click(await screen.findByLabelText('編輯「防曬知識」'));
    const title = await screen.findByRole('textbox', { name: '標題' });
    await user.clear(title);
    await user.type(title, '保證不曬黑的防曬');

    await user.click(screen.getByRole('button', { name: /^儲\s*存$/ }));
    let box = await confirmBox();
    expect(box).toHaveTextContent('內容含有可能違規的宣傳詞語');
    expect(within(box).getAllByRole('listitem').map((i) => i.textContent)).toEqual([`「保證」標題${PHRASES[0].reason}`]);
    await user.click(within(box).getByRole('button', { name: '返回修改' }));
    await waitFor(() => expect(visible('[data-testid="claims-confirm"]')).toHaveLength(0));
    expect(calls.some((c) => c.path === '/api/admin/updatePoster')).toBe(false);
    expect(screen.getByRole('textbox', { name: '標題' })).toHaveValue('保證不曬黑的防曬');

    await user.click(screen.getByRole('button', { name: /^儲\s*存$/ }));
    box = await confirmBox();
    await user.click(within(box).getByRole('button', { name: '仍要儲存' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(await screen.findByText('已儲存，但內容含有可能違規的詞語：「保證」（標題）')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/updatePoster')?.body).toMatchObject({ id: 7, title: '保證不曬黑的防曬' });
  }, 60_000);
});

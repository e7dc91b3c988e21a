import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { ImageUrlField } from '../../components/ImageUrlField';
import { adminServer } from '../../testAdmin';
import { libraryItem } from './testImages';


function Harness({ onSave }: { onSave: (v: { image_url: string }) => void }) {
  const [form] = Form.useForm<{ image_url: string }>();
  return (
    <App>
      <Form form={form} initialValues={{ image_url: '' }} onFinish={onSave}>
        <Form.Item name="image_url" label="主圖">
          <ImageUrlField aria-label="主圖網址" hint="建議尺寸 1378x1188" />
        </Form.Item>
        <Button htmlType="submit">儲存</Button>
      </Form>
    </App>
  );
}

describe('ImageUrlField (spec 3 §5)', () => {
  it('picks an image from the library into the form field, and takes a typed URL', async () => {
    const { calls } = adminServer('editor', {
      'GET /api/admin/images': (_b, url) => {
        const q = url.searchParams.get('q') ?? '';
        const all = [libraryItem(1), libraryItem(2, { name: 'serum.png' })];
        const items = all.filter((i) => i.name.includes(q));
        return { json: { success: true, items, total: items.length, folders: [] } };
      },
    });
    let saved: { image_url: string } | undefined;
    const user = userEvent.setup();
    renderApp(<Harness onSave={(v) => (saved = v)} />);
    expect(screen.getByText('建議尺寸 1378x1188')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /圖片庫/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('photo-1.jpg')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: '搜尋圖片' }), 'serum');
    await waitFor(() => expect(within(dialog).queryByText('photo-1.jpg')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/admin/images').length).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: '選擇 serum.png' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '主圖網址' })).toHaveValue('/media/library/img-2.webp'));

    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(saved).toEqual({ image_url: '/media/library/img-2.webp' }));

    await user.clear(screen.getByRole('textbox', { name: '主圖網址' }));
    await user.type(screen.getByRole('textbox', { name: '主圖網址' }), 'https://cdn.example.com/a.jpg');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(saved).toEqual({ image_url: 'https://cdn.example.com/a.jpg' }));
  }, 30_000);
});

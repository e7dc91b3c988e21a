import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render';
import type { ProductPageAnswer } from '@api/catalog';
import { EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import ProductPage from './ProductPage';

const answer: ProductPageAnswer = {
  success: true,
  pDetails: {
    product_id: 7, title: '玻尿酸保濕原液', description: '深層補水', image_url: '/media/7.webp', price: 780, highest_price: 1280, discount_price: 620,
    highest_discount: 990, sold_quantity: 0, unit: '瓶', stock: 10, seo_description: '', detail_html: '<p>詳情</p>', spec_html: '', product_type: 3,
    type_name: '精華液', is_new: 0, is_hot: 0, cosmetics: EMPTY_COSMETICS, Variants: [{ variant_id: 1, variant_name: '15ml', original_price: 780, discount_price: 620, stock: 5 }, { variant_id: 2, variant_name: '30ml', original_price: 1280, discount_price: 990, stock: 5 }],
  },
  pMedias: [],
};

const open = (id = '7') => renderApp(<ProductPage />, { path: `/product/${id}`, route: '/product/:id' });

describe('ProductPage: a missing product and a failed request are told apart', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // failures are logged on purpose
  });

  it('a 404 says the product is gone, with ways back and no retry', async () => {
    mockApi({ 'GET /api/load/productD/7': () => ({ status: 404, json: { success: false, message: '找不到商品' } }) });
    open();
    expect(await screen.findByRole('heading', { name: '找不到商品' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新載入' })).not.toBeInTheDocument();
    expect(document.title).toBe('找不到商品 | 肌膚小舖');
  });

  it('an id that cannot exist is not found without asking', async () => {
    const { calls } = mockApi({});
    open('abc');
    expect(await screen.findByRole('heading', { name: '找不到商品' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a server failure offers 重新載入, which loads the product', async () => {
    let fail = true;
    mockApi({ 'GET /api/load/productD/7': () => (fail ? { status: 500, json: { success: false, message: '伺服器錯誤' } } : { json: answer }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('商品載入失敗，請稍後再試。');
    expect(screen.queryByText('找不到商品')).not.toBeInTheDocument();
    expect(screen.queryByText(/已下架/)).not.toBeInTheDocument();
    expect(document.title).toBe('載入失敗 | 肌膚小舖');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重新載入' }));
    expect(await screen.findByRole('heading', { name: '玻尿酸保濕原液' })).toBeInTheDocument();
    expect(screen.getByText('NT$ 620 ~ 990')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a network failure offers 重新載入 too', async () => {
    mockApi({});
    const fetchMock = globalThis.fetch as unknown as { mockImplementationOnce: (f: () => Promise<Response>) => void };
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    open();
    expect(await screen.findByRole('button', { name: '重新載入' })).toBeInTheDocument();
    expect(screen.queryByText('找不到商品')).not.toBeInTheDocument();
  });
});

describe('ProductPage: a sold-out product', () => {
  it('says 已售完 under the quantity, not 最多可選 99 件, and nothing can be added', async () => {
    const soldOut: ProductPageAnswer = {
      ...answer,
      pDetails: { ...answer.pDetails, stock: 0, Variants: answer.pDetails.Variants.map((x) => ({ ...x, stock: 0 })) },
    };
    mockApi({ 'GET /api/load/productD/7': () => ({ json: soldOut }) });
    open();
    const quantity = await screen.findByRole('textbox', { name: '數量' });
    expect(quantity).toHaveAccessibleDescription('已售完');
    expect(quantity).toBeDisabled();
    expect(screen.queryByText('最多可選 99 件')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即購買' })).toBeDisabled();
  });

  it('in stock, caps by the stock before a variant is chosen (庫存僅剩 5 件)', async () => {
    mockApi({ 'GET /api/load/productD/7': () => ({ json: answer }) });
    open();
    expect(await screen.findByRole('textbox', { name: '數量' })).toHaveAccessibleDescription('庫存僅剩 5 件');
  });
});

describe('ProductPage: the cosmetics label fields (issue 22 §5)', () => {
  it('the 規格 tab lists the filled fields with their labels, above the spec html', async () => {
    const labelled: ProductPageAnswer = {
      ...answer,
      pDetails: {
        ...answer.pDetails,
        spec_html: '<p>規格表</p>',
        cosmetics: { ...EMPTY_COSMETICS, registration_no: 'A-123456', ingredients: '水、甘油\n玻尿酸鈉', origin: '台灣', maker: '' },
      },
    };
    mockApi({ 'GET /api/load/productD/7': () => ({ json: labelled }) });
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '規格說明' }));
    const facts = await screen.findByTestId('cosmetics-facts');
    const rows = [...facts.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]);
    expect(rows).toEqual([
      ['化粧品產品登錄編號', 'A-123456'],
      ['全成分', '水、甘油\n玻尿酸鈉'],
      ['產地', '台灣'],
    ]);
    expect(screen.queryByText('製造或輸入業者')).not.toBeInTheDocument();
    expect(screen.getByText('規格表')).toBeInTheDocument();
  });

  it('without any field the tab shows the spec html only', async () => {
    mockApi({ 'GET /api/load/productD/7': () => ({ json: answer }) });
    open();
    await userEvent.click(await screen.findByRole('tab', { name: '規格說明' }));
    expect(await screen.findByText('尚無內容')).toBeInTheDocument();
    expect(screen.queryByTestId('cosmetics-facts')).not.toBeInTheDocument();
  });
});

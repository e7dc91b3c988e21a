import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialSiteState } from '../../../app/site/siteSlice';
import { mockApi, renderApp } from '../../../test/render';
import PosterPage from './PosterPage';

const poster = {
  success: true, id: 2, title: '防曬係數怎麼看？', coverImage: '/media/demo/poster-2.svg', content: '<h2>SPF：防護 UVB</h2><p>日常通勤選擇 SPF30。</p>',
  layoutType: 'image-right', imageWidth: 40, textAnimation: 'fade-up', imageAnimation: 'zoom-in', seo_description: 'SPF 與 PA 一次搞懂',
};
const site = { ...initialSiteState, posterTitles: [{ id: 1, title: '換季保養' }, { id: 2, title: '防曬係數怎麼看？' }] };

describe('PosterPage', () => {
  it('shows the title, cover and content in its layout, with the entrance animations', async () => {
    mockApi({ 'GET /api/load/posterD/2': () => ({ json: poster }) });
    renderApp(<PosterPage />, { path: '/posters/2', route: '/posters/:id', preloaded: { site } });
    expect(await screen.findByRole('heading', { level: 1, name: '防曬係數怎麼看？' })).toBeInTheDocument();
    expect(document.title).toBe('防曬係數怎麼看？ | 肌膚小舖');
    const body = screen.getByTestId('poster-body');
    expect(body).toHaveClass('ss-poster--image-right');
    expect(body.style.getPropertyValue('--ss-poster-image')).toBe('40%');
    const cover = screen.getByRole('img', { name: '防曬係數怎麼看？' });
    expect(cover).toHaveAttribute('src', '/media/demo/poster-2.svg');
    // No IntersectionObserver in jsdom: the blocks count as in view at once.
    expect(cover.closest('figure')).toHaveClass('ss-anim', 'ss-anim--zoom-in', 'is-in');
    expect(screen.getByRole('heading', { name: 'SPF：防護 UVB' }).parentElement).toHaveClass('ss-anim--fade-up', 'is-in');
    // Other knowledge, not this poster again.
    const more = screen.getByRole('navigation', { name: '更多保養知識' });
    expect(more).toHaveTextContent('換季保養');
    expect(more).not.toHaveTextContent('防曬係數怎麼看？');
  });

  it('says 載入 poster 資料失敗 when the poster cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/load/posterD/99': () => ({ status: 404, json: { success: false, message: '載入 poster 資料失敗' } }) });
    renderApp(<PosterPage />, { path: '/posters/99', route: '/posters/:id' });
    expect(await screen.findByRole('heading', { name: '載入 poster 資料失敗' })).toBeInTheDocument();
  });

  it('says 載入 poster 資料失敗 for an id that is not a number, without asking the server', () => {
    const { calls } = mockApi({});
    renderApp(<PosterPage />, { path: '/posters/abc', route: '/posters/:id' });
    expect(screen.getByRole('heading', { name: '載入 poster 資料失敗' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says 缺少 id 參數 without an id', () => {
    mockApi({});
    renderApp(<PosterPage />, { path: '/posters', route: '/posters' });
    expect(screen.getByRole('heading', { name: '缺少 id 參數' })).toBeInTheDocument();
  });
});

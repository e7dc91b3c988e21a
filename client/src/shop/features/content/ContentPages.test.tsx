import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialSiteState } from '../../../app/site/siteSlice';
import { mockApi, renderApp } from '../../../test/render';
import AboutPage from './AboutPage';
import ContactPage from './ContactPage';
import HtmlContentPage from './HtmlContentPage';

const versioned = (fields: Record<string, string>) => () => ({ json: { success: true, isUpdated: true, serverVersion: 'v1', ...fields } });

describe('html content pages', () => {
  it('shows a policy page under its own title, without repeating it', async () => {
    mockApi({ 'POST /api/load/loadhtmlpage': versioned({ detail_html: '<h2>隱私權政策</h2><p>我們重視您的隱私。</p>' }) });
    renderApp(<HtmlContentPage />, { path: '/privacypolicy' });
    expect(screen.getByRole('heading', { level: 1, name: '隱私權政策' })).toBeInTheDocument();
    expect(await screen.findByText('我們重視您的隱私。')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: '隱私權政策' })).toHaveLength(1);
    expect(screen.getByTestId('content-html')).toHaveClass('ss-fade-in');
    expect(document.title).toBe('隱私權政策 | 肌膚小舖');
    expect(screen.getByRole('link', { name: '退換貨須知' })).toHaveAttribute('href', '/productreturns');
  });

  it('shows the page image where the page has one', async () => {
    const { calls } = mockApi({
      'POST /api/load/loadhtmlpage': versioned({ detail_html: '<h2>面膜怎麼敷才有效？</h2>' }),
      'POST /api/load/loadpageimage': versioned({ image_url: '/media/mask.svg' }),
    });
    const { container } = renderApp(<HtmlContentPage />, { path: '/maskCare' });
    expect(await screen.findByRole('heading', { name: '面膜怎麼敷才有效？' })).toBeInTheDocument();
    await screen.findByTestId('content-html');
    await waitFor(() => expect(container.querySelector('.ss-content-figure img')).toHaveAttribute('src', '/media/mask.svg'));
    expect(calls.find((c) => c.path === '/api/load/loadpageimage')?.body).toEqual({ image_type: 'maskCareImg000', versionStr: 'maskCareVersion' });
  });
});

describe('AboutPage', () => {
  it('shows the about html, the image and the way to the products', async () => {
    mockApi({ 'POST /api/load/aboutpage': versioned({ txthtml001: '<h2>關於肌研舍</h2><p>成立於台北</p>', aboutImg000: '/media/about.svg' }) });
    renderApp(<AboutPage />);
    expect(await screen.findByRole('heading', { name: '關於肌研舍' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '品牌理念' })).toHaveAttribute('src', '/media/about.svg');
    expect(screen.getByRole('link', { name: '探索商品' })).toHaveAttribute('href', '/products');
    expect(document.title).toBe('關於我們 | 肌膚小舖');
  });
});

const settings = {
  COMPANY_NAME: '肌研舍股份有限公司', COMPANY_TAXID: '17784483', COMPANY_PHONE: '02-2708-5168', COMPANY_FAX: '02-2708-5169',
  COMPANY_EMAIL: 'service@skinshop.com.tw', COMPANY_ADDRESS: '臺北市大安區敦化南路二段 76 號', GOOGLE_MAPS_KEY: '',
};

describe('ContactPage', () => {
  it('shows the company details with phone and e-mail links, the image and a map link without a key', async () => {
    mockApi({ 'POST /api/load/loadpageimage': versioned({ image_url: '/media/contact.svg' }) });
    const { container } = renderApp(<ContactPage />, { preloaded: { site: { ...initialSiteState, settings } } });
    const details = screen.getByTestId('contact-details');
    expect(details).toHaveTextContent('統一編號17784483');
    expect(screen.getByRole('link', { name: '02-2708-5168' })).toHaveAttribute('href', 'tel:0227085168');
    expect(screen.getByRole('link', { name: 'service@skinshop.com.tw' })).toHaveAttribute('href', 'mailto:service@skinshop.com.tw');
    expect(details).toHaveTextContent('02-2708-5169');
    const map = screen.getByRole('link', { name: '在 Google 地圖開啟' });
    expect(new URL(map.getAttribute('href')!).searchParams.get('query')).toBe(settings.COMPANY_ADDRESS);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('form', { name: '聯絡表單' })).toBeInTheDocument();
    expect(document.title).toBe('聯絡我們 | 肌研舍股份有限公司');
    await waitFor(() => expect(container.querySelector('.ss-contact-figure img')).toHaveAttribute('src', '/media/contact.svg'));
  });

  it('embeds the map at zoom 16 when settings carry a maps key', () => {
    mockApi({});
    renderApp(<ContactPage />, { preloaded: { site: { ...initialSiteState, settings: { ...settings, GOOGLE_MAPS_KEY: 'AIza-test' } } } });
    const frame = screen.getByTitle('肌研舍股份有限公司 位置地圖');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.pathname).toBe('/maps/embed/v1/place');
    expect(src.searchParams.get('zoom')).toBe('16');
    expect(src.searchParams.get('key')).toBe('AIza-test');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });
});

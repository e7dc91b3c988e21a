import { describe, expect, it } from 'vitest';
import { companyContactRows, mapEmbedUrl, mapQuery, mapSearchUrl, socialLinks } from './company';

const settings = {
  COMPANY_TAXID: '17784483',
  COMPANY_PHONE: '02-2708-5168',
  COMPANY_FAX: '02-2708-5169',
  COMPANY_EMAIL: 'service@skinshop.com.tw',
  COMPANY_ADDRESS: '106 臺北市大安區敦化南路二段 76 號 8 樓',
  COMPANY_LAT: '25.029620',
  COMPANY_LNG: '121.548924',
};

describe('company details', () => {
  it('lists the set rows with tel: and mailto: links', () => {
    expect(companyContactRows(settings, { withTaxId: true })).toEqual([
      { key: 'taxId', label: '統一編號', value: '17784483' },
      { key: 'phone', label: '電話', value: '02-2708-5168', href: 'tel:0227085168' },
      { key: 'fax', label: '傳真', value: '02-2708-5169' },
      { key: 'email', label: 'Email', value: 'service@skinshop.com.tw', href: 'mailto:service@skinshop.com.tw' },
      { key: 'address', label: '地址', value: '106 臺北市大安區敦化南路二段 76 號 8 樓' },
    ]);
    expect(companyContactRows({ COMPANY_PHONE: ' ' })).toEqual([]);
  });

  it('keeps only social links that are set to a web address', () => {
    expect(socialLinks({ SOCIAL_LINE_URL: 'https://line.me/R/ti/p/@shop', SOCIAL_INSTAGRAM_URL: '', SOCIAL_FACEBOOK_URL: 'javascript:alert(1)' })).toEqual([
      { key: 'line', label: 'LINE', href: 'https://line.me/R/ti/p/@shop' },
    ]);
  });
});

describe('map', () => {
  it('embeds the place at zoom 16 when a maps key is set', () => {
    const url = new URL(mapEmbedUrl({ ...settings, GOOGLE_MAPS_KEY: 'k-123' })!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/embed/v1/place');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'k-123', q: settings.COMPANY_ADDRESS, zoom: '16' });
  });

  it('links to a search without a key, by address or else by coordinates', () => {
    expect(mapEmbedUrl({ ...settings, GOOGLE_MAPS_KEY: '' })).toBeUndefined();
    const link = new URL(mapSearchUrl(settings)!);
    expect(link.origin + link.pathname).toBe('https://www.google.com/maps/search/');
    expect(link.searchParams.get('api')).toBe('1');
    expect(link.searchParams.get('query')).toBe(settings.COMPANY_ADDRESS);
    expect(mapQuery({ COMPANY_LAT: '25.02962', COMPANY_LNG: '121.548924' })).toBe('25.02962,121.548924');
    expect(mapQuery({ COMPANY_LAT: 'x', COMPANY_LNG: '121' })).toBe('');
    expect(mapSearchUrl({})).toBeUndefined();
  });
});

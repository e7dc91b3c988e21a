import { SETTING_MSG, SETTING_RULES, settingProblem } from './settings-rules';

describe('general settings checked by kind (issue 19 §8)', () => {
  it('accepts the seeded values and empty ones', () => {
    const seeded: Record<string, string> = {
      COMPANY_NAME: '肌研舍股份有限公司',
      COMPANY_NAMEN: '肌研舍 Skinshop',
      COMPANY_TAXID: '17784483',
      COMPANY_PHONE: '02-2708-5168',
      COMPANY_FAX: '(02)2708-5169#12',
      COMPANY_EMAIL: 'service@skinshop.com.tw',
      COMPANY_ADDRESS: '106 臺北市大安區敦化南路二段 76 號 8 樓',
      COMPANY_LAT: '25.029620',
      COMPANY_LNG: '121.548924',
      SOCIAL_LINE_URL: 'https://line.me/R/ti/p/@skinshop',
      SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/skinshop.tw/',
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/skinshop.tw',
      GOOGLE_MAPS_KEY: 'AIzaSyA-1234567890abcdefghijklmnopqrstu',
      GA4_ID: 'G-ABC123XYZ9',
      META_PIXEL_ID: '123456789012345',
      MAIL_LOGO_URL: 'https://cdn.example.com/logo.png',
      THEME_COLOR: '#9a5461',
    };
    expect(Object.keys(seeded).sort()).toEqual(Object.keys(SETTING_RULES).sort());
    for (const [k, v] of Object.entries(seeded)) expect([k, settingProblem(k, v)]).toEqual([k, null]);
    for (const k of Object.keys(seeded)) expect(settingProblem(k, '')).toBeNull();
    expect(settingProblem('SOCIAL_LINE_URL', 'https://lin.ee/abcd')).toBeNull();
  });

  it('refuses scripts, markup and wrong formats with a zh-TW message', () => {
    const bad: Array<[string, string, string]> = [
      ['SOCIAL_LINE_URL', 'javascript:alert(1)', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)],
      ['SOCIAL_LINE_URL', 'http://line.me/R/ti/p/@x', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)],
      ['SOCIAL_LINE_URL', 'https://line.me.evil.tw/x', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)],
      ['SOCIAL_LINE_URL', 'https://user@line.me/x', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)],
      ['SOCIAL_FACEBOOK_URL', 'https://www.facebook.com/"><script>', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_FACEBOOK_URL)],
      ['SOCIAL_INSTAGRAM_URL', 'data:text/html,x', SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_INSTAGRAM_URL)],
      ['GOOGLE_MAPS_KEY', '"><img src=x onerror=alert(1)>', SETTING_MSG.mapsKey],
      ['COMPANY_EMAIL', '<b>x</b>@skinshop.com.tw', SETTING_MSG.email],
      ['COMPANY_PHONE', '02-2708-5168<script>', SETTING_MSG.phone],
      ['COMPANY_PHONE', '123', SETTING_MSG.phone],
      ['COMPANY_TAXID', '12345678', SETTING_MSG.taxId],
      ['COMPANY_LAT', '91', SETTING_MSG.latitude],
      ['COMPANY_LNG', 'east', SETTING_MSG.longitude],
      ['COMPANY_NAME', '肌研舍<img src=x>', SETTING_MSG.text],
      ['COMPANY_ADDRESS', '臺北市\n大安區', SETTING_MSG.text],
      ['COMPANY_NAMEN', '長'.repeat(51), SETTING_MSG.tooLong(50)],
      ['SOME_LATER_KEY', '<script>', SETTING_MSG.text],
    ];
    for (const [k, v, msg] of bad) expect([k, v, settingProblem(k, v)]).toEqual([k, v, msg]);
    expect(SETTING_MSG.httpsUrl(SETTING_RULES.SOCIAL_LINE_URL)).toBe('請輸入 https:// 開頭的 LINE 網址（line.me、lin.ee）');
  });
});

describe('analytics ids (issue 22 §7)', () => {
  it('GA4 measurement id G-XXXX and a Meta Pixel id of digits, or empty (= off)', () => {
    for (const [k, v] of [['GA4_ID', ''], ['GA4_ID', 'G-ABC123XYZ9'], ['GA4_ID', 'G-ABCD'], ['META_PIXEL_ID', ''], ['META_PIXEL_ID', '12345'], ['META_PIXEL_ID', '123456789012345']]) expect([k, v, settingProblem(k, v)]).toEqual([k, v, null]);
    for (const v of ['UA-1-1', 'g-abc123', 'G-ABC', 'G-ABC-123', `G-${'A'.repeat(21)}`]) expect([v, settingProblem('GA4_ID', v)]).toEqual([v, '請輸入正確的 GA4 評估 ID']);
    for (const v of ['1234', '12a45', '1'.repeat(21), '+12345']) expect([v, settingProblem('META_PIXEL_ID', v)]).toEqual([v, '請輸入正確的 Meta Pixel ID']);
  });
});

describe('the e-mails brand (issue 22 §6)', () => {
  it('MAIL_LOGO_URL: an https PNG or JPEG; THEME_COLOR: #rrggbb; both may be empty', () => {
    for (const ok of ['', 'https://cdn.example.com/logo.png', 'https://shop.example.tw/media/a/logo.JPG']) expect(settingProblem('MAIL_LOGO_URL', ok)).toBeNull();
    for (const bad of ['http://cdn.example.com/logo.png', 'https://cdn.example.com/logo.svg', 'javascript:alert(1)//.png', 'https://u:p@x.com/a.png'])
      expect(settingProblem('MAIL_LOGO_URL', bad)).toBe('請輸入 https:// 開頭的 PNG 或 JPEG 圖片網址');
    for (const ok of ['', '#9a5461', '#ABCDEF']) expect(settingProblem('THEME_COLOR', ok)).toBeNull();
    for (const bad of ['9a5461', '#fff', 'red', '#9a5461;']) expect(settingProblem('THEME_COLOR', bad)).toBe('請輸入色碼，例如 #9a5461');
  });
});

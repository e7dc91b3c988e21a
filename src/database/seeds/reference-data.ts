/**
 * Reference rows every shop needs (shipping and payment methods, order and payment
 * status codes, company settings, notification settings, version markers), keyed so
 * they can be inserted when missing without touching rows an admin has edited.
 */
import { DEMO_MEDIA_URL, shippingIconSvg } from './demo-images';

export const SHIPPING_METHODS = [
  { id: 1, name: '7-11', icon_url: `${DEMO_MEDIA_URL}/ship-711.svg`, shipping_cost: 60, free_shipping_threshold: 1000, sort_order: 1, is_active: 1 },
  { id: 2, name: '全家', icon_url: `${DEMO_MEDIA_URL}/ship-family.svg`, shipping_cost: 60, free_shipping_threshold: 1000, sort_order: 2, is_active: 1 },
  { id: 3, name: '萊爾富', icon_url: `${DEMO_MEDIA_URL}/ship-hilife.svg`, shipping_cost: 60, free_shipping_threshold: 1000, sort_order: 3, is_active: 1 },
  { id: 4, name: '宅配', icon_url: `${DEMO_MEDIA_URL}/ship-home.svg`, shipping_cost: 100, free_shipping_threshold: 1500, sort_order: 4, is_active: 1 },
  { id: 5, name: '離島宅配', icon_url: `${DEMO_MEDIA_URL}/ship-island.svg`, shipping_cost: 200, free_shipping_threshold: 3000, sort_order: 5, is_active: 1 },
];

/** The icon files the shipping methods point at. */
export function shippingIconFiles(): Map<string, string> {
  return new Map([
    ['ship-711.svg', shippingIconSvg('7-11', '#00804a', 'store')],
    ['ship-family.svg', shippingIconSvg('全家', '#0a8ad4', 'store')],
    ['ship-hilife.svg', shippingIconSvg('萊爾富', '#d9262e', 'store')],
    ['ship-home.svg', shippingIconSvg('宅配', '#f08c00', 'truck')],
    ['ship-island.svg', shippingIconSvg('離島宅配', '#1c6fb8', 'boat')],
  ]);
}

export const PAYMENT_METHODS = [
  { method_code: 'atm', method_label: 'ATM 轉帳', sort_order: 1, status: 1 },
  { method_code: 'credit', method_label: '信用卡', sort_order: 2, status: 1 },
  { method_code: 'linepay', method_label: 'LINE Pay', sort_order: 3, status: 1 },
  { method_code: 'cvs', method_label: '超商代碼', sort_order: 4, status: 1 },
  { method_code: 'cod', method_label: '貨到付款', sort_order: 5, status: 1 },
];

export const ORDER_STATUS_CODES = [
  { status_name: 'pending', status_label: '處理中', color: '#fa8c16', sort_order: 1 },
  { status_name: 'paid', status_label: '已付款', color: '#1677ff', sort_order: 2 },
  { status_name: 'processing', status_label: '備貨中', color: '#13c2c2', sort_order: 3 },
  { status_name: 'shipped', status_label: '已出貨', color: '#722ed1', sort_order: 4 },
  { status_name: 'delivered', status_label: '已送達', color: '#2f54eb', sort_order: 5 },
  { status_name: 'completed', status_label: '已完成', color: '#52c41a', sort_order: 6 },
  { status_name: 'cancelled', status_label: '已取消', color: '#8c8c8c', sort_order: 7 },
  { status_name: 'returned', status_label: '已退貨', color: '#eb2f96', sort_order: 8 },
];

export const PAYMENT_STATUS_CODES = [
  { status_code: 0, status_label: '未付款', color: '#fa8c16', sort_order: 1 },
  { status_code: 1, status_label: '已付款', color: '#52c41a', sort_order: 2 },
  { status_code: 2, status_label: '付款失敗', color: '#f5222d', sort_order: 3 },
  { status_code: 3, status_label: '已退款', color: '#8c8c8c', sort_order: 4 },
];

/**
 * Company settings. The tax id 17784483 passes the weighted checksum both under the
 * rule in force since 2023 (sum divisible by 5) and the older one (divisible by 10).
 */
export const SETTINGS = [
  { title: '公司名稱', s_key: 'COMPANY_NAME', s_value: '肌研舍股份有限公司', is_public: 1 },
  { title: '公司簡稱', s_key: 'COMPANY_NAMEN', s_value: '肌研舍 Skinshop', is_public: 1 },
  { title: '統一編號', s_key: 'COMPANY_TAXID', s_value: '17784483', is_public: 1 },
  { title: '客服電話', s_key: 'COMPANY_PHONE', s_value: '02-2708-5168', is_public: 1 },
  { title: '傳真號碼', s_key: 'COMPANY_FAX', s_value: '02-2708-5169', is_public: 1 },
  { title: '客服信箱', s_key: 'COMPANY_EMAIL', s_value: 'service@skinshop.com.tw', is_public: 1 },
  { title: '公司地址', s_key: 'COMPANY_ADDRESS', s_value: '106 臺北市大安區敦化南路二段 76 號 8 樓', is_public: 1 },
  { title: '地圖緯度', s_key: 'COMPANY_LAT', s_value: '25.029620', is_public: 1 },
  { title: '地圖經度', s_key: 'COMPANY_LNG', s_value: '121.548924', is_public: 1 },
  { title: 'LINE 官方帳號連結', s_key: 'SOCIAL_LINE_URL', s_value: 'https://line.me/R/ti/p/@skinshop', is_public: 1 },
  { title: 'Instagram 連結', s_key: 'SOCIAL_INSTAGRAM_URL', s_value: 'https://www.instagram.com/skinshop.tw/', is_public: 1 },
  { title: 'Facebook 粉絲專頁連結', s_key: 'SOCIAL_FACEBOOK_URL', s_value: 'https://www.facebook.com/skinshop.tw', is_public: 1 },
  { title: 'Google 地圖金鑰', s_key: 'GOOGLE_MAPS_KEY', s_value: '', is_public: 1 },
  // Analytics (issue 22 §7): loaded in the shop only after the shopper's consent; empty = off.
  { title: 'GA4 評估 ID', s_key: 'GA4_ID', s_value: '', is_public: 1 },
  { title: 'Meta Pixel ID', s_key: 'META_PIXEL_ID', s_value: '', is_public: 1 },
  // The e-mails' brand (issue 22 §6): empty logo = the shop's name as a wordmark.
  { title: 'Email 標誌圖片網址', s_key: 'MAIL_LOGO_URL', s_value: '', is_public: 1 },
  { title: '品牌主色', s_key: 'THEME_COLOR', s_value: '#9a5461', is_public: 1 },
];

export const NOTIFICATION_SETTINGS = [
  { setting_type: 'new_order', setting_name: '新訂單通知', is_telegram: 1 },
  { setting_type: 'payment_completed', setting_name: '付款完成通知', is_telegram: 1 },
  { setting_type: 'order_cancelled', setting_name: '取消訂單通知', is_telegram: 1 },
  { setting_type: 'low_stock', setting_name: '庫存不足通知', is_telegram: 0 },
  { setting_type: 'contact_message', setting_name: '聯絡表單通知', is_telegram: 0 },
  { setting_type: 'refund_required', setting_name: '待退款通知（取消後收到付款）', is_telegram: 1 },
  // issue 11: a member's return request (raised by the refunds module) and a job out of attempts.
  { setting_type: 'refund_request', setting_name: '退款申請通知', is_telegram: 1 },
  { setting_type: 'job_failed', setting_name: '任務失敗通知', is_telegram: 1 },
];

/** Version keys the client caches against; every seed starts them at the same marker. */
export const VERSION_KEYS = ['cartVersion', 'settingsVersion', 'postersVersion', 'homeVersion', 'homeProductsVersion', 'aboutVersion'];

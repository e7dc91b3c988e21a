/**
 * Reaching shoppers lawfully (issue 22; spec 4 §7, §8): the texts of preferences, consent, LINE,
 * the server cart and personal-data rights, written once for the server and the shop
 * (`@rules/reach-rules`). Pure TypeScript.
 */

export const REACH_MSG = {
  preferencesSaved: '已更新通知設定',
  badChannel: '請選擇通知方式',
  lineNotBound: '請先綁定 LINE 並加入官方帳號好友',
  emailMissing: '請先設定 Email',
  unsubscribed: '已取消訂閱',
  unsubscribeInvalid: '取消訂閱連結無效',
  lineBound: '已綁定 LINE',
  lineTaken: '此 LINE 帳號已綁定其他會員',
  lineBindFailed: 'LINE 綁定失敗，請稍後再試',
  exportFailed: '資料匯出失敗，請稍後再試',
  deleted: '帳號已刪除',
  deletePasswordRequired: '請輸入密碼',
  deletePasswordWrong: '密碼錯誤',
  deleteCodeRequired: '請輸入驗證碼',
  deleteCodeWrong: '驗證失敗，請重試！',
  marketingConsent: '我同意接收優惠與活動通知（可隨時取消）',
  returnPolicy: '商品享有 7 天鑑賞期（非試用期），退貨須保持商品全新且包裝完整。',
} as const;

export const NOTIFY_CHANNEL_LABEL = { line: 'LINE', sms: '簡訊', email: 'Email' } as const;

/** Cart reminder defaults (spec 4 §9): untouched hours, and at most one reminder per this many days. */
export const CART_REMINDER_DEFAULT_HOURS = 24;
export const CART_REMINDER_MIN_DAYS = 7;

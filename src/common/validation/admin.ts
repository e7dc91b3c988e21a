import type { AdminRole } from '../api/admin';

/**
 * Back-office rules and texts shared by the server and the admin client (`@rules/admin`).
 * Spec texts are copied exactly (spec 2 §8, spec 3 §8); the others are ours, in the same voice.
 */

export const ADMIN_ROLES: readonly AdminRole[] = ['owner', 'staff', 'editor'];
export const ADMIN_ROLE_LABEL: Record<AdminRole, string> = { owner: '擁有者', staff: '客服人員', editor: '內容編輯' };

export const ADMIN_MSG = {
  // spec 2 §8 / spec 3 §8
  locked: '帳號已鎖定至今天 24:00 後。請稍候再試。',
  loginFailedDefault: '登入失敗，請檢查帳號密碼。',
  isOutClient: '密碼錯誤次數過多，請等到明天再嘗試！',
  orderDetailFailed: '取得訂單明細失敗！',
  receiverUpdated: '更新成功！',
  receiverUpdateFailed: '更新失敗！',
  statusQueryFailed: '查詢物流狀態失敗',
  noTicketUnpaid: '尚未擁有物流單，該單號不是貨到付款且尚未付款。',
  duplicateTicket: '已重複領取',
  ticketFailed: '出貨單建立失敗',
  systemError: '系統錯誤',
  notificationsLoadFailed: '載入通知設定失敗',
  notificationsUpdateFailed: '更新通知設定失敗',
  // ours
  usernameRequired: '請輸入帳號',
  passwordRequired: '請輸入密碼',
  wrongCredentials: '帳號或密碼錯誤',
  loginRequired: '請先登入管理後台',
  forbidden: '您的權限無法執行此操作',
  otpRequired: '請輸入兩步驟驗證碼',
  otpWrong: '兩步驟驗證碼錯誤',
  mustSetupTotp: '請先設定兩步驟驗證',
  callCarrierClosed: '叫貨功能尚未開放（包裹數量少於 1~2 件時無法叫車）',
  // orders list and receiver (ours; issue 11 helper B)
  dateRangeInvalid: '開始日期不可晚於結束日期',
  receiverLockedTicket: '已建立物流單，無法修改收件人',
  receiverLockedStatus: '此訂單目前的狀態無法修改收件人',
  // operators' job view (ours)
  jobNotFound: '找不到此任務，或它目前的狀態無法執行此操作',
  jobRetried: '已重新排入佇列',
  jobRemoved: '已移除任務',
  notificationUpdated: '更新成功',
} as const;

// ---------------------------------------------------------------- refunds and returns (ours; issue 11 helper D)

/** The 鑑賞期: a member may ask for a return within this many days of delivery / pickup. */
export const RETURN_WINDOW_DAYS = 7;
/** Longest refund / return reason (both sides). */
export const REFUND_REASON_MAX = 255;
/** The staff refund limit (NT$) until an owner sets one (settings `STAFF_REFUND_LIMIT`). */
export const DEFAULT_STAFF_REFUND_LIMIT = 5000;
/** A manual refund's bank account: 3-digit bank code, 6–16 digit account, holder 1–50 characters. */
export const BANK_CODE_RE = /^\d{3}$/;
export const BANK_ACCOUNT_RE = /^\d{6,16}$/;

/** An account number as answers show it: all but the last 5 digits masked. */
export function maskAccount(account: string): string {
  return account.length <= 5 ? account : `${'*'.repeat(account.length - 5)}${account.slice(-5)}`;
}

export const REFUND_MSG = {
  reasonRequired: '請填寫退款原因',
  reasonTooLong: '原因最多 255 個字',
  amountInvalid: '退款金額須為正整數',
  orderNotFound: '找不到訂單',
  notPaid: '此訂單尚未付款，無法退款',
  alreadyRefunded: '此訂單已全額退款',
  overRefundable: '退款金額超過可退金額',
  overStaffLimit: '退款金額超過客服人員的退款上限，請由擁有者辦理',
  bankRequired: '請填寫退款銀行帳戶（銀行代碼、帳號、戶名）',
  bankCodeInvalid: '銀行代碼須為 3 碼數字',
  bankAccountInvalid: '銀行帳號須為 6 到 16 碼數字',
  bankNameInvalid: '請填寫戶名',
  refundFailed: '退款失敗',
  refundUnknown: '退款結果尚未確認，請稍後再查詢此訂單',
  refundInProgress: '此訂單有退款正在處理中，請稍後再試',
  creditClosing: '信用卡請款處理中，請稍後再辦理退款',
  manualRecorded: '已記錄退款，請以銀行轉帳退款給顧客',
  allowanceNeeded: '部分退款：已寄送電子折讓同意連結給顧客，顧客同意後系統將自動開立折讓單',
  limitInvalid: '退款上限須為 0 以上的整數',
  limitUpdated: '已更新退款上限',
  refundNotFound: '找不到退款紀錄',
  notManual: '此退款不是待轉帳的人工退款',
  manualDone: '已標記為已轉帳退款',
  // refunds by line
  itemsOrAmount: '請指定退款品項或退款金額，擇一即可',
  itemsRequired: '請選擇要退款的品項',
  itemNotInOrder: '此品項不屬於這筆訂單',
  amountBelowShipping: '退款金額不可少於要退還的運費',
  nothingToRefund: '沒有可退的金額',
  quantityInvalid: '退款數量須為正整數',
  // member return requests
  returnReasonRequired: '請填寫退貨原因',
  returnNotAllowed: '此訂單目前無法申請退貨',
  returnWindowOver: `已超過 ${RETURN_WINDOW_DAYS} 天鑑賞期，無法申請退貨`,
  returnAlreadyRequested: '此訂單已申請過退貨',
  returnRequested: '已送出退貨申請，我們會盡快與您聯繫',
  returnRequestNotFound: '找不到退貨申請',
  returnAlreadyHandled: '此退貨申請已處理',
  returnRefuseReasonRequired: '請填寫拒絕原因',
  returnApproved: '已同意退貨',
  returnRefused: '已拒絕退貨',
} as const;

/** 超過可退金額（最多 NT$ n）: an amount above what may still be refunded (shown on the amount field). */
export const refundOverMessage = (max: number): string => `超過可退金額（最多 NT$ ${max.toLocaleString('en-US')}）`;
/** A line's quantity above the units still refundable. */
export const refundQuantityOverMessage = (max: number): string => `超過可退數量（最多 ${max} 件）`;

/** Back-office accounts (staff screen and the server's DTOs). Usernames are stored lower-case. */
export const ADMIN_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,49}$/;
export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MAX = 128;
export const ADMIN_DISPLAY_NAME_MAX = 50;

export const STAFF_MSG = {
  loggedIn: '登入成功',
  loggedOut: '已登出',
  usernameInvalid: '帳號須為 3–50 個英文字母、數字或 . _ -，並以英文字母或數字開頭',
  usernameTaken: '此帳號已被使用',
  displayNameRequired: '請輸入顯示名稱',
  displayNameTooLong: `顯示名稱最多 ${ADMIN_DISPLAY_NAME_MAX} 個字`,
  roleInvalid: '請選擇角色',
  passwordTooShort: `密碼至少需 ${ADMIN_PASSWORD_MIN} 個字元`,
  passwordTooLong: `密碼最多 ${ADMIN_PASSWORD_MAX} 個字元`,
  staffNotFound: '找不到此帳號',
  notSelf: '不能停用或變更自己帳號的角色',
  lastOwner: '至少需保留一位啟用中的擁有者',
  created: '已新增帳號',
  saved: '已儲存',
  passwordReset: '密碼已重設，該帳號已在所有裝置登出',
  totpAlreadyOn: '兩步驟驗證已啟用',
  totpNotSetUp: '請先產生兩步驟驗證的金鑰',
  totpEnabled: '已啟用兩步驟驗證',
  totpDisabled: '已關閉兩步驟驗證',
  totpRequiredForOwner: '擁有者必須使用兩步驟驗證，無法關閉',
  totpReset: '已重設兩步驟驗證，該帳號已在所有裝置登出',
  currentPasswordWrong: '目前的密碼不正確',
  samePassword: '新密碼不可與目前的密碼相同',
  passwordChanged: '密碼已變更，其他裝置上的登入已登出',
  passwordMismatch: '兩次輸入的密碼不相符',
} as const;

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
} as const;

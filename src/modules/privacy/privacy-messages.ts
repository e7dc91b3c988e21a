/** The personal-data module's own texts (where spec 4 and REACH_MSG say nothing). */
export const PRIVACY_MSG = {
  /** 刪除帳號 waits for orders still under way: their address and phone are needed to deliver them. */
  openOrders: '您有處理中的訂單或退款，請待完成或取消後再刪除帳號',
  /** A member without a password and without a phone can't receive the code. */
  phoneMissing: '請先於會員資料設定手機號碼',
  /** A member with a password confirms with it (no code is sent). */
  usePassword: '此帳號請以密碼確認刪除',
  codeSendFailed: '驗證碼發送失敗，請稍後再試',
} as const;

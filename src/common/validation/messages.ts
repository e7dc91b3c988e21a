/**
 * The spec's user-facing texts for accounts (spec 1 §5 and §8, spec 2 §5 and §8), written once
 * and shared by the server DTOs/services and the client forms. Copied exactly, punctuation included
 * (the registration flow ends in "！", the forgot-password flow in "。").
 */
export const MSG = {
  // Registration (spec 1 §5)
  phoneRequired: '請輸入手機號碼！',
  phoneInvalid: '請輸入有效的手機號碼： 台灣手機範例：0912345678',
  codeRequired: '請輸入驗證碼！',
  // Password (spec 1 §5)
  passwordRequired: '密碼不能為空',
  passwordRule: '密碼必須至少6位且包含一個小寫字母和一個數字',
  passwordMismatch: '密碼與確認密碼不匹配',
  currentPasswordRequired: '當前密碼不能為空',
  currentPasswordRule: '當前密碼必須至少6位且包含一個小寫字母和一個數字',
  newPasswordRule: '新密碼必須至少6位且包含一個小寫字母和一個數字',
  samePassword: '當前密碼與新密碼不允許相同。',
  noAccountNoChange: '不需要進行更改。',
  // Forgot password (spec 1 §5, §8)
  forgotPhoneRequired: '請輸入手機號碼。',
  forgotCodeRequired: '請輸入驗證碼。',
  forgotPasswordRequired: '請輸入新密碼並確認。',
  forgotPasswordMismatch: '兩次輸入的密碼不相符。',
  forgotSendFailed: '發送驗證碼失敗',
  forgotVerifyFailed: '驗證失敗，驗證碼錯誤或已過期',
  resetFailed: '重設失敗。',
  // Login, registration, codes (spec 1 §8)
  loginTransportFailed: '登入失敗，請確認帳號密碼。',
  registerError: '註冊過程中發生錯誤',
  registerInvalid: '提供的資料無效或不完整',
  serverError: '伺服器錯誤，請稍後再試',
  sendFailed: '發送失敗',
  codeNotFound: '無法找到驗證碼或驗證碼已過期。',
  verifyFailed: '驗證失敗，請重試！',
  // Profile (spec 2 §5, §8)
  emailRequiredProfile: '請輸入Email！',
  nameRequired: '請輸入姓名！',
  nameChineseOnly: '會員姓名須為中文！',
  newEmailRequired: '請輸入新 Email',
  emailInvalid: 'Email 格式不正確',
  emailSameAsCurrent: '無法與當前 Email 相同',
  profileCodeRequired: '請輸入驗證碼',
  newPhoneRequired: '請輸入新的手機號碼',
  newPhoneInvalid: '手機號碼格式不正確',
  phoneSameAsCurrent: '無法與當前手機相同',
  profileVerifyFailed: '驗證失敗',
  updateFailed: '更新失敗，請稍後再試',
  // Address book (spec 2 §5)
  addressMax: '最多只能新增 10 筆地址',
  addressMin: '至少保留 1 筆地址',
  // Checkout / invoice formats (spec 2 §5), for later issues
  taxIdInvalid: '統一編號格式錯誤，請檢查！',
  mobileBarcodeInvalid: '手機條碼格式有誤！',
  citizenBarcodeInvalid: '自然人憑證條碼格式有誤！',
  // Ours (the spec shows none for these cases)
  loginFailed: '帳號或密碼錯誤',
  loginMissing: '請輸入帳號和密碼',
  accountRequired: '請輸入帳號（手機號碼）',
  loginPasswordRequired: '請輸入密碼',
  loginRequired: '請先登入',
  forbiddenOtherMember: '無權存取其他會員的資料',
  passwordTooLong: '密碼長度不可超過 128 個字元',
  currentPasswordWrong: '當前密碼錯誤',
  phoneNotVerified: '請先完成手機驗證',
  phoneAlreadyRegistered: '此手機號碼已註冊',
  phoneTakenByOther: '此手機號碼已被其他會員使用',
  nameTooLong: '會員姓名最多 20 個字',
  genderInvalid: '性別選項不正確',
  birthdayInvalid: '生日格式不正確（YYYY-MM-DD）',
  birthdayInFuture: '生日不可晚於今天',
  dailyCodeLimit: '今日驗證碼發送次數已達上限，請明天再試',
  csrfInvalid: '頁面已逾時或請求來源不明，請重新整理頁面後再試',
} as const;

/** Row messages of the address book (spec 2 §5), N counted from 1. */
export const addressMsg = {
  typeRequired: (n: number) => `第 ${n} 筆需選寄件類型`,
  homeIncomplete: (n: number) => `第 ${n} 筆住家資訊不完整 (city/district/street)`,
  storeNameRequired: (n: number) => `第 ${n} 筆超商地址 (店名) 不可為空`,
  /** Ours: a city or district that is not in the Taiwan zip table. */
  homeUnknownArea: (n: number) => `第 ${n} 筆縣市或鄉鎮市區不正確`,
  /** Ours: a field longer than its column. */
  tooLong: (n: number) => `第 ${n} 筆地址資料過長`,
};

/** Ours: resend before the cooldown ends. */
export const resendWaitMsg = (seconds: number) => `請於 ${seconds} 秒後再重新發送驗證碼`;
/** Ours: login throttled. */
export const loginThrottledMsg = (minutes: number) => `登入失敗次數過多，請於 ${minutes} 分鐘後再試。`;

/** Ours: why a social login came back to /login (`?error=` of the callback, see social-login.service.ts). */
export function socialLoginErrorMsg(error: string, provider: string): string {
  switch (error) {
    case 'cancelled':
      return `已取消 ${provider} 登入。`;
    case 'state':
      return '登入逾時或來源無法確認，請重新登入。';
    case 'inactive':
      return '此會員帳號已停用，如有疑問請聯絡客服。';
    default:
      return `${provider} 登入失敗，請稍後再試。`;
  }
}

// ---------------------------------------------------------------- account screens (client)
/** Texts of the profile, change-password and address-book screens (spec 1 §8, spec 2 §8). */
export const ACCOUNT_MSG = {
  /** Any call of these screens that failed without a server message (spec 1 §8, spec 2 §8). */
  serverError: '伺服器錯誤，請稍後再試',
  /** E-mail / phone change, step 1 failed without a server message (spec 2 §8). */
  sendCodeFailed: '發送驗證碼失敗',
  /** Change password refused without a server message (spec 1 §8). */
  passwordChangeFailed: '修改失敗。',
  /** Change password done: title and text of the 2-second confirmation (spec 1 §8). */
  passwordChangedTitle: '變更成功！',
  passwordChangedText: '密碼修改成功！',
  /** Ours: asked before a row of the address book is removed. */
  addressRemoveConfirm: '確定要刪除這筆地址嗎？',
} as const;

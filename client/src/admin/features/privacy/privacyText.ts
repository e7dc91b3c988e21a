import type { PrivacyRequestRow } from '@api/privacy';

/** 個資請求紀錄 texts (issue 22 §4). */
export const KIND_LABEL: Record<PrivacyRequestRow['kind'], string> = { export: '匯出', delete: '刪除' };
export const KIND_COLOR: Record<PrivacyRequestRow['kind'], string> = { export: 'blue', delete: 'red' };

/** How the member confirmed: a deletion asks the password or an SMS code; an export needs the signed-in session only. */
export const CONFIRMED_BY_LABEL: Record<PrivacyRequestRow['confirmed_by'], string> = { password: '密碼', code: '簡訊驗證碼', '': '登入狀態' };

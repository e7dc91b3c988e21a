import type { Envelope } from '../api/envelope';

/** The spec's answer shape `{ success, message?, ...fields }`, declared with the other API shapes in src/common/api. */
export type { Envelope };

export function ok<T extends object>(fields: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, ...fields } : { success: true, message, ...fields };
}

/** Generic texts used when nothing more specific can be said. */
export const GENERIC_SERVER_ERROR = '伺服器錯誤，請稍後再試';
export const GENERIC_BAD_REQUEST = '提供的資料無效或不完整';
export const GENERIC_NOT_FOUND = '找不到資源';
export const GENERIC_TOO_MANY = '請求過於頻繁，請稍後再試';

/** The generic text for a status without a message of its own. */
export function genericMessage(status: number): string {
  if (status === 404) return GENERIC_NOT_FOUND;
  if (status === 429) return GENERIC_TOO_MANY;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return GENERIC_BAD_REQUEST;
}

import { MSG } from '@rules/messages';
import { REACH_MSG } from '@rules/reach-rules';

export type PreferenceField = 'notify_channel' | 'marketing_email' | 'marketing_line' | 'form';

const FIELDS: readonly PreferenceField[] = ['notify_channel', 'marketing_email', 'marketing_line'];

/** The channel refusals the server answers without naming a field. */
const CHANNEL_MESSAGES: readonly string[] = [REACH_MSG.badChannel, REACH_MSG.lineNotBound, REACH_MSG.emailMissing];

/**
 * Where a refused save's messages go: each `errors[]` entry under its field, else the message under
 * the field that was changed; a failure to reach the server under it too (伺服器錯誤，請稍後再試).
 */
export function fieldErrors(error: unknown, changed: PreferenceField): Partial<Record<PreferenceField, string>> {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const body = data && typeof data === 'object' ? (data as { message?: unknown; errors?: unknown }) : {};
  const out: Partial<Record<PreferenceField, string>> = {};
  if (Array.isArray(body.errors)) {
    for (const e of body.errors as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof e?.message !== 'string') continue;
      const field = FIELDS.find((f) => f === e.field) ?? changed;
      out[field] ??= e.message;
    }
  }
  if (Object.keys(out).length) return out;
  const message = typeof body.message === 'string' && body.message ? body.message : undefined;
  if (message && CHANNEL_MESSAGES.includes(message) && changed !== 'marketing_email' && changed !== 'marketing_line') return { notify_channel: message };
  return { [changed]: message ?? MSG.serverError };
}

import type { AdminRole, StaffView } from '../../common/api/admin';
import type { Admin } from './entities/admin.entity';

/** What an answer may show of an account: never the hash, the TOTP secret or session fields. */
export function staffView(a: Admin): StaffView {
  return {
    id: a.id,
    username: a.username,
    display_name: a.display_name,
    role: a.role as AdminRole,
    is_active: a.is_active,
    totp_enabled: a.totp_enabled === 1,
    last_login_at: a.last_login_at ? a.last_login_at.toISOString() : null,
    created_at: a.created_at.toISOString(),
  };
}

/** The name the back office shows for an admin (spec `adminname`). */
export function adminName(a: { username: string; display_name?: string; displayName?: string }): string {
  return (a.display_name ?? a.displayName ?? '') || a.username;
}

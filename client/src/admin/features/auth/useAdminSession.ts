import type { AdminRole } from '@api/admin';
import { loadJson, saveJson } from '../../../shared/lib/storage';
import { roleAllows, useCheckLoginQuery } from '../../api/adminApi';

/** localStorage key of the last admin check (spec 3 §3: the admin-check result is cached in local storage). */
export const ADMIN_STORAGE_KEY = 'skinshop.admin';

export interface CachedAdmin {
  adminname: string;
  role: AdminRole;
}

export function loadCachedAdmin(): CachedAdmin | undefined {
  const c = loadJson<Partial<CachedAdmin>>(ADMIN_STORAGE_KEY);
  return c && typeof c.adminname === 'string' && (c.role === 'owner' || c.role === 'staff' || c.role === 'editor')
    ? { adminname: c.adminname, role: c.role }
    : undefined;
}

export function saveCachedAdmin(admin: CachedAdmin | null): void {
  if (admin) saveJson(ADMIN_STORAGE_KEY, admin);
  else {
    try {
      globalThis.localStorage?.removeItem(ADMIN_STORAGE_KEY);
    } catch {
      // storage disabled: nothing was kept
    }
  }
}

export interface AdminSession {
  /** The admin's display name (spec 3 §4 "saves the admin name"). */
  adminname: string;
  role: AdminRole;
  totpEnabled: boolean;
  mustSetupTotp: boolean;
  /** Whether this admin's role may use a screen or action meant for `roles` (the owner may do everything). */
  allows: (...roles: AdminRole[]) => boolean;
}

/**
 * The signed-in admin, for screens inside the admin layout (which shows them only once the
 * server's check said logged in; until then the cached name and role of the last check).
 * The server enforces roles on every call; this only decides what to show.
 */
export function useAdminSession(): AdminSession {
  const { data } = useCheckLoginQuery();
  const cached = data ? undefined : loadCachedAdmin();
  const role: AdminRole = (data?.isLoggedIn ? data.role : cached?.role) ?? 'editor';
  return {
    adminname: (data?.isLoggedIn ? data.adminname : cached?.adminname) ?? '',
    role,
    totpEnabled: Boolean(data?.totpEnabled),
    mustSetupTotp: Boolean(data?.mustSetupTotp),
    allows: (...roles) => roleAllows(role, roles),
  };
}

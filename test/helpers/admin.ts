import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Agent, Response } from 'supertest';
import { DataSource } from 'typeorm';
import type { AdminRole } from '../../src/common/api/admin';
import { Admin } from '../../src/modules/staff/entities/admin.entity';
import { PasswordHasher } from '../../src/modules/auth/passwords';
import type { TestApp } from './test-app';

/** A signed-in back-office browser (cookie jar with `asid` and the admin CSRF cookies). */
export interface AdminSession {
  id: number;
  username: string;
  password: string;
  role: AdminRole;
  agent: Agent;
  /** The current admin CSRF token (updated from answers that carry a new one). */
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: object): Promise<Response>;
  put(path: string, body?: object): Promise<Response>;
  del(path: string, body?: object): Promise<Response>;
}

/** Inserts a back-office account (argon2 hash like the real ones); username random unless given. */
export async function createAdmin(
  t: TestApp,
  opts: { role?: AdminRole; username?: string; password?: string; displayName?: string } = {},
): Promise<{ id: number; username: string; password: string; role: AdminRole }> {
  const role = opts.role ?? 'staff';
  const username = opts.username ?? `${role}-${randomBytes(4).toString('hex')}`;
  const password = opts.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const hash = await t.app.get(PasswordHasher, { strict: false }).hash(password);
  const ds = t.app.get(DataSource, { strict: false });
  const row = await ds.getRepository(Admin).save({ username, password_hash: hash, display_name: opts.displayName ?? username, role, is_active: 1 });
  return { id: row.id, username, password, role };
}

/** A browser: fetches the admin CSRF token like the admin client does. */
export async function adminBrowser(t: TestApp, ip?: string): Promise<{ agent: Agent; csrf: string; ip?: string }> {
  const agent = request.agent(t.http);
  const get = agent.get('/api/admin/csrf-token');
  if (ip) get.set('X-Forwarded-For', ip);
  const res = await get;
  if (typeof res.body?.csrfToken !== 'string') throw new Error(`admin csrf-token: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, csrf: res.body.csrfToken as string, ip };
}

/** POST /api/admin/login from a browser (with its CSRF token); answers the raw response. */
export function adminLogin(b: { agent: Agent; csrf: string; ip?: string }, body: Record<string, unknown>): Promise<Response> {
  const req = b.agent.post('/api/admin/login').set('X-CSRF-Token', b.csrf);
  if (b.ip) req.set('X-Forwarded-For', b.ip);
  return req.send(body).then((res) => res);
}

/**
 * A signed-in admin of `role` (a new account each call), logged in through POST /api/admin/login.
 * `get/post/put/del` send the admin CSRF token on writes.
 */
export async function adminSession(t: TestApp, role: AdminRole = 'owner', opts: { rememberMe?: boolean; ip?: string } = {}): Promise<AdminSession> {
  const account = await createAdmin(t, { role });
  const b = await adminBrowser(t, opts.ip);
  const res = await adminLogin(b, { username: account.username, password: account.password, rememberMe: opts.rememberMe ?? false });
  if (res.status !== 200 || typeof res.body?.csrfToken !== 'string') throw new Error(`admin login: ${res.status} ${JSON.stringify(res.body)}`);
  return sessionOf(b.agent, { ...account, csrf: res.body.csrfToken as string }, opts.ip);
}

/** Wraps a signed-in agent. */
export function sessionOf(agent: Agent, a: { id: number; username: string; password: string; role: AdminRole; csrf: string }, ip?: string): AdminSession {
  const s: AdminSession = {
    ...a,
    agent,
    get: (path) => withIp(agent.get(path), ip).then((r) => r),
    post: (path, body = {}) => write(agent.post(path), body),
    put: (path, body = {}) => write(agent.put(path), body),
    del: (path, body = {}) => write(agent.delete(path), body),
  };
  async function write(req: request.Test, body: object): Promise<Response> {
    const res = await withIp(req.set('X-CSRF-Token', s.csrf), ip).send(body);
    if (typeof res.body?.csrfToken === 'string') s.csrf = res.body.csrfToken as string;
    return res;
  }
  return s;
}

function withIp(req: request.Test, ip?: string): request.Test {
  return ip ? req.set('X-Forwarded-For', ip) : req;
}

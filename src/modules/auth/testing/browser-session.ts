import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Agent, Response } from 'supertest';
import { DevOutbox } from '../../../integrations/outbox/dev-outbox';
import { JobDriver } from '../../../jobs/job-queue';

/**
 * Test helpers for the member API (used by test/api/*). A BrowserSession is one browser: a
 * supertest agent (cookie jar) coming from its own client IP (X-Forwarded-For; the tests set
 * TRUST_PROXY=loopback, see isolatedEnv) that fetches the CSRF token like the client does (the
 * token's cookies land in the jar; the server stores nothing for it).
 */
export class BrowserSession {
  private csrf?: string;

  constructor(
    readonly agent: Agent,
    readonly ip: string = randomIp(),
  ) {}

  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const res = await this.get('/api/csrf-token');
      if (typeof res.body?.csrfToken !== 'string') throw new Error(`csrf-token: ${res.status} ${JSON.stringify(res.body)}`);
      this.csrf = res.body.csrfToken as string;
    }
    return this.csrf;
  }

  get(path: string) {
    return this.agent.get(path).set('X-Forwarded-For', this.ip);
  }

  /** A POST as the client sends it (JSON + X-CSRF-Token); picks up a rotated token from the answer. */
  async post(path: string, body: object = {}): Promise<Response> {
    const token = await this.csrfToken(); // first: the agent attaches cookies when the request is created
    const res = await this.agent.post(path).set('X-Forwarded-For', this.ip).set('X-CSRF-Token', token).send(body);
    if (typeof res.body?.csrfToken === 'string') this.csrf = res.body.csrfToken;
    return res;
  }

  /** The `sid` cookie value the browser holds. */
  sid(): string | undefined {
    return this.cookie('sid');
  }

  /** A cookie value the browser holds (as sent in Set-Cookie), e.g. `sid`, `csrf`, `vid`. */
  cookie(name: string): string | undefined {
    const jar = (this.agent as unknown as { jar: { getCookie(name: string, access: object): { value: string } | undefined } }).jar;
    return jar.getCookie(name, { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
  }

  /** A random 40-hex social-login state: `POST /api/login/state-save` with it stores an anonymous session. */
  static newState(): string {
    return randomBytes(20).toString('hex');
  }

  forgetCsrf(): void {
    this.csrf = undefined;
  }
}

/** A documentation-range IPv4 address, different for every browser. */
export function randomIp(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${b[1]}`;
}

/** A random Taiwan mobile number (09, then 0–8, then 7 digits). */
export function randomPhone(): string {
  return `09${String(randomBytes(4).readUInt32BE() % 90_000_000).padStart(8, '0')}`;
}

/** The latest 6-digit code sent to `to` (SMS or e-mail) through the log drivers' dev outbox. */
export async function lastCode(app: INestApplication, to: string): Promise<string | undefined> {
  await app.get(JobDriver, { strict: false }).whenIdle(10_000);
  const message = app
    .get(DevOutbox, { strict: false })
    .list()
    .find((m) => m.to === to);
  return message ? /(?:驗證碼：|驗證碼為\s*(?:<[^>]+>)?)(\d{6})/.exec(message.body)?.[1] : undefined;
}

/** Every message the dev outbox holds for `to`, newest first. */
export async function outboxFor(app: INestApplication, to: string) {
  await app.get(JobDriver, { strict: false }).whenIdle(10_000);
  return app
    .get(DevOutbox, { strict: false })
    .list()
    .filter((m) => m.to === to);
}

/** Registers a member through the real flow (code by SMS, verify, register) and stays logged in. */
export async function registerMember(app: INestApplication, browser: BrowserSession, phone = randomPhone(), password = 'secret1') {
  const sent = await browser.post('/api/phone/sendcode', { type: 'register', phone });
  if (sent.status !== 200) throw new Error(`sendcode: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await lastCode(app, phone);
  const verified = await browser.post('/api/phone/verifycode', { phone, code });
  if (verified.status !== 200) throw new Error(`verifycode: ${verified.status} ${JSON.stringify(verified.body)}`);
  const res = await browser.post('/api/user/register', { phone, password });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { phone, password, userId: res.body.user.user_id as number, user: res.body.user };
}

/**
 * Env for createTestApp: its own Redis key prefix (parallel test files never share queues or
 * limits) and client IPs taken from X-Forwarded-For sent by the local test client.
 */
export function isolatedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { REDIS_PREFIX: `skinshop-t-${randomBytes(4).toString('hex')}`, TRUST_PROXY: 'loopback', ...extra };
}

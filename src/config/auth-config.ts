/**
 * Member-account settings read from the environment: sessions, CSRF exemptions, SMS driver,
 * one-time-code limits, login throttling and the social login providers. Called by
 * `loadAppConfig`, so these variables are validated at boot with all the others (one
 * `Invalid configuration:` error lists every bad value) and reach the code as `AppConfig.auth`.
 */

export type SmsDriverName = 'log' | 'mitake' | 'every8d';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** Explicit Graph API version (passport-facebook would otherwise pin an ancient one). */
  graphVersion: string;
  authUrl: string;
  tokenUrl: string;
  /** The profile endpoint (`/me`) of that Graph version. */
  profileUrl: string;
}

export interface LineConfig {
  channelId: string;
  channelSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** `iss` of LINE's ID tokens. */
  issuer: string;
  /** JWKS for ES256-signed ID tokens; HS256 tokens are checked with the channel secret. */
  jwksUrl: string;
}

export interface AuthConfig {
  session: {
    /** Sliding (idle) timeout: the cookie and the stored session expire after this much inactivity. */
    idleMinutes: number;
    /** Absolute timeout after login, however active the member is. */
    absoluteMinutes: number;
  };
  /** Path prefixes under /api whose POSTs come from other servers (payment notify) and carry no CSRF token. */
  csrfExemptPaths: string[];
  /** Key for the HMAC of one-time codes; derived from SESSION_SECRET when unset. */
  codeSecret?: string;
  sms: {
    driver: SmsDriverName;
    mitake: { apiUrl: string; username: string; password: string };
    every8d: { apiUrl: string; uid: string; pwd: string };
  };
  codes: {
    ttlSeconds: number;
    cooldownSeconds: number;
    maxAttempts: number;
    perTargetDaily: number;
    perIpDaily: number;
  };
  login: {
    /** Attempts per account from one IP in the window (reset by a successful login). */
    accountIpAttempts: number;
    accountIpWindowMinutes: number;
    /** Failures per account from all IPs in the window. */
    accountFailures: number;
    accountWindowMinutes: number;
    /** Failures per IP across accounts in the window (credential stuffing). */
    ipFailures: number;
    ipWindowMinutes: number;
  };
  google?: GoogleConfig;
  facebook?: FacebookConfig;
  line?: LineConfig;
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/**
 * No CSRF token needed: provider callbacks and server-to-server notifications (no browser
 * session), and the spec's public reads sent as POST (`/api/load/*`: catalogue and content,
 * answered the same to everyone, never acting with the session's authority).
 */
export const DEFAULT_CSRF_EXEMPT_PATHS = [
  '/api/load/',
  '/api/login/google-login',
  '/api/login/facebook-login',
  '/api/login/line-login',
  '/api/payments/notify',
  '/api/payments/return',
  '/api/logistics/notify',
  '/api/webhooks/',
];

export const DEFAULT_FACEBOOK_GRAPH_VERSION = 'v23.0';

type Env = Record<string, string | undefined>;

export function authConfigFromEnv(env: Env = process.env): AuthConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => env[name]?.trim() || undefined;
  const int = (name: string, fallback: number, min: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) {
      problems.push(`  ${name}: must be an integer ≥ ${min}`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, fallback: string): string => {
    const raw = str(name) ?? fallback;
    try {
      const u = new URL(raw);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push(`  ${name}: must be an http(s) URL`);
    }
    return raw;
  };
  const pair = (idName: string, secretName: string): [string, string] | undefined => {
    const id = str(idName);
    const secret = str(secretName);
    if (!id && !secret) return undefined;
    if (!id || !secret) {
      problems.push(`  ${id ? secretName : idName}: required when ${id ? idName : secretName} is set`);
      return undefined;
    }
    return [id, secret];
  };

  const driver = (str('SMS_DRIVER') ?? 'log') as SmsDriverName;
  if (!['log', 'mitake', 'every8d'].includes(driver)) problems.push('  SMS_DRIVER: must be log, mitake or every8d');
  const sms = {
    driver,
    mitake: {
      apiUrl: url('MITAKE_API_URL', 'https://smsapi.mitake.com.tw/b2c/mtk/SmSend?CharsetURL=UTF-8'),
      username: str('MITAKE_USERNAME') ?? '',
      password: str('MITAKE_PASSWORD') ?? '',
    },
    every8d: {
      apiUrl: url('EVERY8D_API_URL', 'https://oms.every8d.com/API21/HTTP/sendSMS.ashx'),
      uid: str('EVERY8D_UID') ?? '',
      pwd: str('EVERY8D_PWD') ?? '',
    },
  };
  if (driver === 'mitake' && (!sms.mitake.username || !sms.mitake.password)) {
    problems.push('  MITAKE_USERNAME, MITAKE_PASSWORD: required when SMS_DRIVER=mitake');
  }
  if (driver === 'every8d' && (!sms.every8d.uid || !sms.every8d.pwd)) {
    problems.push('  EVERY8D_UID, EVERY8D_PWD: required when SMS_DRIVER=every8d');
  }

  const google = pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const facebook = pair('FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET');
  const line = pair('LINE_CHANNEL_ID', 'LINE_CHANNEL_SECRET');
  const graphVersion = str('FACEBOOK_GRAPH_VERSION') ?? DEFAULT_FACEBOOK_GRAPH_VERSION;
  if (!/^v\d+\.\d+$/.test(graphVersion)) problems.push('  FACEBOOK_GRAPH_VERSION: must look like v23.0');
  const graphBase = (str('FACEBOOK_GRAPH_URL') ?? 'https://graph.facebook.com').replace(/\/$/, '');

  const codeSecret = str('CODE_HMAC_SECRET');
  if (codeSecret && codeSecret.length < 16) problems.push('  CODE_HMAC_SECRET: at least 16 characters');

  const config: AuthConfig = {
    session: {
      idleMinutes: int('SESSION_IDLE_MINUTES', 24 * 60, 1),
      absoluteMinutes: int('SESSION_ABSOLUTE_MINUTES', 7 * 24 * 60, 1),
    },
    csrfExemptPaths: [
      ...DEFAULT_CSRF_EXEMPT_PATHS,
      ...(str('CSRF_EXEMPT_PATHS') ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    codeSecret,
    sms,
    codes: {
      ttlSeconds: 600,
      cooldownSeconds: 60,
      maxAttempts: 5,
      perTargetDaily: int('CODE_DAILY_LIMIT', 5, 1),
      perIpDaily: int('CODE_IP_DAILY_LIMIT', 20, 1),
    },
    login: {
      accountIpAttempts: 5,
      accountIpWindowMinutes: 15,
      accountFailures: 20,
      accountWindowMinutes: 60,
      ipFailures: int('LOGIN_IP_FAILURES_PER_HOUR', 50, 1),
      ipWindowMinutes: 60,
    },
    google: google && {
      clientId: google[0],
      clientSecret: google[1],
      authUrl: url('GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: url('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      userInfoUrl: url('GOOGLE_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
    },
    facebook: facebook && {
      appId: facebook[0],
      appSecret: facebook[1],
      graphVersion,
      authUrl: url('FACEBOOK_AUTH_URL', `https://www.facebook.com/${graphVersion}/dialog/oauth`),
      tokenUrl: url('FACEBOOK_TOKEN_URL', `${graphBase}/${graphVersion}/oauth/access_token`),
      profileUrl: url('FACEBOOK_PROFILE_URL', `${graphBase}/${graphVersion}/me`),
    },
    line: line && {
      channelId: line[0],
      channelSecret: line[1],
      authUrl: url('LINE_AUTH_URL', 'https://access.line.me/oauth2/v2.1/authorize'),
      tokenUrl: url('LINE_TOKEN_URL', 'https://api.line.me/oauth2/v2.1/token'),
      issuer: str('LINE_ISSUER') ?? 'https://access.line.me',
      jwksUrl: url('LINE_JWKS_URL', 'https://api.line.me/oauth2/v2.1/certs'),
    },
  };
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return config;
}

import type { EnvVars } from './env.schema';

/**
 * Member-account settings: sessions, CSRF exemptions, one-time-code limits, login throttling and
 * the social login providers. Their variables are declared and validated with all the others in
 * `env.schema.ts`; `authConfigOf` only shapes them into `AppConfig.auth` (the `AUTH_CONFIG` token).
 */

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
  /** Back-office sign-in (staff module). */
  admin: {
    /** First step of the login delay (doubling, capped at 30 × this). */
    loginDelayBaseMs: number;
    /** Owners must turn on TOTP before anything else (default: in production). */
    ownerTotpRequired: boolean;
    /** ADMIN_INITIAL_PASSWORD (the seeded `admin`), when set. */
    initialPassword?: string;
  };
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
  // Provider callbacks (verified by their signature; bodies are forms: FORM_BODY_ROUTES).
  '/api/payments/payuni/notify',
  '/api/payments/payuni/return',
  '/api/logistics/cvs-map/return',
  '/api/logistics/payuni/notify',
  '/api/webhooks/',
  // The LINE webhook (verified by X-Line-Signature) and the one-click unsubscribe (signed link; mail clients POST it without a session).
  '/api/line/webhook',
  '/api/unsubscribe/',
];

export const DEFAULT_FACEBOOK_GRAPH_VERSION = 'v23.0';

/** `AppConfig.auth` from the validated environment (a provider appears only with both its id and secret). */
export function authConfigOf(env: EnvVars): AuthConfig {
  const graphVersion = env.FACEBOOK_GRAPH_VERSION;
  const graphBase = env.FACEBOOK_GRAPH_URL.replace(/\/$/, '');
  return {
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteMinutes: env.SESSION_ABSOLUTE_MINUTES },
    csrfExemptPaths: [
      ...DEFAULT_CSRF_EXEMPT_PATHS,
      ...(env.CSRF_EXEMPT_PATHS ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ],
    codeSecret: env.CODE_HMAC_SECRET,
    codes: {
      ttlSeconds: 600,
      cooldownSeconds: env.CODE_RESEND_SECONDS,
      maxAttempts: 5,
      perTargetDaily: env.CODE_DAILY_LIMIT,
      perIpDaily: env.CODE_IP_DAILY_LIMIT,
    },
    login: {
      accountIpAttempts: 5,
      accountIpWindowMinutes: 15,
      accountFailures: 20,
      accountWindowMinutes: 60,
      ipFailures: env.LOGIN_IP_FAILURES_PER_HOUR,
      ipWindowMinutes: 60,
    },
    admin: {
      loginDelayBaseMs: env.ADMIN_LOGIN_DELAY_MS,
      ownerTotpRequired: (env.ADMIN_OWNER_TOTP ?? (env.NODE_ENV === 'production' ? 'required' : 'optional')) === 'required',
      initialPassword: env.ADMIN_INITIAL_PASSWORD,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authUrl: env.GOOGLE_AUTH_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userInfoUrl: env.GOOGLE_USERINFO_URL,
          }
        : undefined,
    facebook:
      env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
        ? {
            appId: env.FACEBOOK_APP_ID,
            appSecret: env.FACEBOOK_APP_SECRET,
            graphVersion,
            authUrl: env.FACEBOOK_AUTH_URL ?? `https://www.facebook.com/${graphVersion}/dialog/oauth`,
            tokenUrl: env.FACEBOOK_TOKEN_URL ?? `${graphBase}/${graphVersion}/oauth/access_token`,
            profileUrl: env.FACEBOOK_PROFILE_URL ?? `${graphBase}/${graphVersion}/me`,
          }
        : undefined,
    line:
      env.LINE_CHANNEL_ID && env.LINE_CHANNEL_SECRET
        ? {
            channelId: env.LINE_CHANNEL_ID,
            channelSecret: env.LINE_CHANNEL_SECRET,
            authUrl: env.LINE_AUTH_URL,
            tokenUrl: env.LINE_TOKEN_URL,
            issuer: env.LINE_ISSUER,
            jwksUrl: env.LINE_JWKS_URL,
          }
        : undefined,
  };
}

import { loadAppConfig } from './app-config';
import { DEFAULT_FACEBOOK_GRAPH_VERSION } from './auth-config';

/** Problem lines of the `Invalid configuration:` error for `env` (empty when it loads). */
function problems(env: Record<string, string>): string[] {
  try {
    loadAppConfig(env);
    return [];
  } catch (e) {
    const [heading, ...lines] = (e as Error).message.split('\n');
    expect(heading).toBe('Invalid configuration:');
    return lines;
  }
}

describe('AppConfig.auth and AppConfig.sms', () => {
  it('defaults: log SMS driver, no social provider, 24 h idle and 7 day absolute sessions, spec code limits', () => {
    const { auth, sms } = loadAppConfig({});
    expect(sms.driver).toBe('log');
    expect(sms.mitake.apiUrl).toBe('https://smsapi.mitake.com.tw/b2c/mtk/SmSend?CharsetURL=UTF-8');
    expect(auth.google).toBeUndefined();
    expect(auth.facebook).toBeUndefined();
    expect(auth.line).toBeUndefined();
    expect(auth.session).toEqual({ idleMinutes: 1440, absoluteMinutes: 10080 });
    expect(auth.codes).toEqual({ ttlSeconds: 600, cooldownSeconds: 60, maxAttempts: 5, perTargetDaily: 5, perIpDaily: 20 });
    expect(auth.login).toMatchObject({ accountIpAttempts: 5, accountFailures: 20, ipFailures: 50 });
    expect(auth.csrfExemptPaths).toContain('/api/login/google-login');
  });

  it('reads each provider with its endpoints and an explicit Graph version; blanks count as unset', () => {
    const { auth } = loadAppConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_APP_ID: ' f ',
      FACEBOOK_APP_SECRET: 'fs',
      LINE_CHANNEL_ID: '123',
      LINE_CHANNEL_SECRET: 'ls',
      LINE_TOKEN_URL: 'http://127.0.0.1:9/token',
      CSRF_EXEMPT_PATHS: '/api/payuni/notify, /api/x/',
      CODE_HMAC_SECRET: '   ',
      SESSION_IDLE_MINUTES: '30',
    });
    expect(auth.google).toMatchObject({ clientId: 'g', clientSecret: 'gs', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' });
    expect(auth.facebook).toMatchObject({
      appId: 'f',
      graphVersion: DEFAULT_FACEBOOK_GRAPH_VERSION,
      tokenUrl: `https://graph.facebook.com/${DEFAULT_FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
      profileUrl: `https://graph.facebook.com/${DEFAULT_FACEBOOK_GRAPH_VERSION}/me`,
    });
    expect(auth.line).toMatchObject({ channelId: '123', tokenUrl: 'http://127.0.0.1:9/token', issuer: 'https://access.line.me' });
    expect(auth.csrfExemptPaths).toEqual(expect.arrayContaining(['/api/payuni/notify', '/api/x/']));
    expect(auth.codeSecret).toBeUndefined();
    expect(auth.session.idleMinutes).toBe(30);
  });

  it('builds the Facebook endpoints from FACEBOOK_GRAPH_URL and the version', () => {
    const { auth } = loadAppConfig({ FACEBOOK_APP_ID: 'f', FACEBOOK_APP_SECRET: 's', FACEBOOK_GRAPH_VERSION: 'v19.0', FACEBOOK_GRAPH_URL: 'http://127.0.0.1:7/' });
    expect(auth.facebook).toMatchObject({ authUrl: 'https://www.facebook.com/v19.0/dialog/oauth', tokenUrl: 'http://127.0.0.1:7/v19.0/oauth/access_token' });
  });

  it('takes the resend wait of codes from CODE_RESEND_SECONDS (the browser tests shorten it)', () => {
    expect(loadAppConfig({ CODE_RESEND_SECONDS: '20' }).auth.codes.cooldownSeconds).toBe(20);
    expect(problems({ CODE_RESEND_SECONDS: '0' })).toEqual(['  CODE_RESEND_SECONDS: must be an integer ≥ 1']);
  });

  it('reads the SMS provider credentials', () => {
    expect(loadAppConfig({ SMS_DRIVER: 'every8d', EVERY8D_UID: 'u', EVERY8D_PWD: 'p' }).sms).toMatchObject({ driver: 'every8d', every8d: { uid: 'u', pwd: 'p' } });
  });

  it('stops the boot with one line per bad variable, each on its own variable', () => {
    expect(
      problems({
        SMS_DRIVER: 'mitake',
        GOOGLE_CLIENT_ID: 'only-id',
        FACEBOOK_GRAPH_VERSION: '23',
        SESSION_IDLE_MINUTES: '0',
        LINE_CHANNEL_ID: '1',
        LINE_CHANNEL_SECRET: 's',
        LINE_AUTH_URL: 'ftp://x',
        CODE_DAILY_LIMIT: '2.5',
        CODE_HMAC_SECRET: 'short',
      }),
    ).toEqual([
      '  MITAKE_USERNAME: required when SMS_DRIVER=mitake',
      '  MITAKE_PASSWORD: required when SMS_DRIVER=mitake',
      '  SESSION_IDLE_MINUTES: must be an integer ≥ 1',
      '  CODE_HMAC_SECRET: at least 16 characters',
      '  CODE_DAILY_LIMIT: must be an integer ≥ 1',
      '  GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set',
      '  FACEBOOK_GRAPH_VERSION: must look like v23.0',
      '  LINE_AUTH_URL: must be an http(s) URL',
    ]);
    expect(problems({ SMS_DRIVER: 'pigeon' })).toEqual(['  SMS_DRIVER: must be log, mitake or every8d']);
    expect(problems({ EVERY8D_UID: 'u', SMS_DRIVER: 'every8d' })).toEqual(['  EVERY8D_PWD: required when SMS_DRIVER=every8d']);
    expect(problems({ LINE_CHANNEL_SECRET: 's', LOGIN_IP_FAILURES_PER_HOUR: 'many' })).toEqual([
      '  LOGIN_IP_FAILURES_PER_HOUR: must be an integer ≥ 1',
      '  LINE_CHANNEL_ID: required when LINE_CHANNEL_SECRET is set',
    ]);
  });
});

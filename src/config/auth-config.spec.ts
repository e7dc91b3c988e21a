import { authConfigFromEnv, DEFAULT_FACEBOOK_GRAPH_VERSION } from './auth-config';

describe('authConfigFromEnv', () => {
  it('defaults: log SMS driver, no social provider, 24 h idle and 7 day absolute sessions, spec code limits', () => {
    const c = authConfigFromEnv({});
    expect(c.sms.driver).toBe('log');
    expect(c.google).toBeUndefined();
    expect(c.facebook).toBeUndefined();
    expect(c.line).toBeUndefined();
    expect(c.session).toEqual({ idleMinutes: 1440, absoluteMinutes: 10080 });
    expect(c.codes).toEqual({ ttlSeconds: 600, cooldownSeconds: 60, maxAttempts: 5, perTargetDaily: 5, perIpDaily: 20 });
    expect(c.sms.mitake.apiUrl).toBe('https://smsapi.mitake.com.tw/b2c/mtk/SmSend?CharsetURL=UTF-8');
    expect(c.csrfExemptPaths).toContain('/api/login/google-login');
  });

  it('reads each provider with its endpoints and an explicit Graph version', () => {
    const c = authConfigFromEnv({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_APP_ID: 'f',
      FACEBOOK_APP_SECRET: 'fs',
      LINE_CHANNEL_ID: '123',
      LINE_CHANNEL_SECRET: 'ls',
      LINE_TOKEN_URL: 'http://127.0.0.1:9/token',
      CSRF_EXEMPT_PATHS: '/api/payuni/notify, /api/x/',
    });
    expect(c.google).toMatchObject({ clientId: 'g', clientSecret: 'gs', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' });
    expect(c.facebook).toMatchObject({
      graphVersion: DEFAULT_FACEBOOK_GRAPH_VERSION,
      tokenUrl: `https://graph.facebook.com/${DEFAULT_FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
      profileUrl: `https://graph.facebook.com/${DEFAULT_FACEBOOK_GRAPH_VERSION}/me`,
    });
    expect(c.line).toMatchObject({ channelId: '123', tokenUrl: 'http://127.0.0.1:9/token', issuer: 'https://access.line.me' });
    expect(c.csrfExemptPaths).toEqual(expect.arrayContaining(['/api/payuni/notify', '/api/x/']));
  });

  it('stops the boot with one line per problem', () => {
    expect(() =>
      authConfigFromEnv({
        SMS_DRIVER: 'mitake',
        GOOGLE_CLIENT_ID: 'only-id',
        FACEBOOK_GRAPH_VERSION: '23',
        SESSION_IDLE_MINUTES: '0',
        LINE_CHANNEL_ID: '1',
        LINE_CHANNEL_SECRET: 's',
        LINE_AUTH_URL: 'ftp://x',
      }),
    ).toThrow(
      /Invalid configuration:\n(?=[\s\S]*SESSION_IDLE_MINUTES)(?=[\s\S]*MITAKE_USERNAME)(?=[\s\S]*GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set)(?=[\s\S]*FACEBOOK_GRAPH_VERSION)(?=[\s\S]*LINE_AUTH_URL)/,
    );
    expect(() => authConfigFromEnv({ SMS_DRIVER: 'pigeon' })).toThrow(/SMS_DRIVER/);
    expect(() => authConfigFromEnv({ EVERY8D_UID: 'u', SMS_DRIVER: 'every8d' })).toThrow(/EVERY8D_UID, EVERY8D_PWD/);
  });
});

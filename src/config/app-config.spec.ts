import { loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const c = loadAppConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      runWorkersInWeb: true,
      seedDemoData: true,
      catalogCacheSeconds: 60,
    });
    expect(c.mediaDir).toMatch(/var\/media$/);
  });

  it('validates the member-account variables at boot with all the others', () => {
    expect(loadAppConfig({}).auth).toMatchObject({ codes: { perTargetDaily: 5, perIpDaily: 20 } });
    expect(loadAppConfig({}).sms).toMatchObject({ driver: 'log' });
    expect(loadAppConfig({ CODE_DAILY_LIMIT: '3', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).auth).toMatchObject({
      codes: { perTargetDaily: 3 },
      google: { clientId: 'id' },
    });
    let message = '';
    try {
      loadAppConfig({ PORT: 'eighty', SMS_DRIVER: 'pigeon', GOOGLE_CLIENT_ID: 'id' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}PORT: /),
      '  SMS_DRIVER: must be log, mitake or every8d',
      '  GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set',
    ]);
  });

  it('treats empty strings as unset', () => {
    expect(loadAppConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
    const blank = loadAppConfig({ PORT: '', SMS_DRIVER: ' ', CODE_DAILY_LIMIT: '', GOOGLE_CLIENT_ID: '', MITAKE_API_URL: '' });
    expect(blank).toMatchObject({ port: 3000, sms: { driver: 'log', mitake: { apiUrl: expect.stringMatching(/^https:\/\/smsapi\.mitake/) } } });
    expect(blank.auth).toMatchObject({ codes: { perTargetDaily: 5 }, google: undefined });
  });

  it('accepts the three database URL forms', () => {
    for (const url of ['sqlite:var/x.sqlite', 'mysql://u:p@127.0.0.1:3306/shop', 'mariadb://u:p@db/shop']) {
      expect(loadAppConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('stops with one clear line per bad value', () => {
    expect(() => loadAppConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x', REDIS_URL: 'http://r' })).toThrow(
      /Invalid configuration:\n {2}PORT: .+\n {2}DATABASE_URL: DATABASE_URL must be sqlite:<path>, mysql:\/\/… or mariadb:\/\/…\n {2}REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
  });

  it('requires a session secret in production, listed with the other problems', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production', PROVIDER_SIMULATORS: 'true', PORT: 'x' })).toThrow(
      /^Invalid configuration:\n {2}PORT: .+\n {2}SESSION_SECRET: required in production \(at least 32 random characters\)$/,
    );
    expect(() => loadAppConfig({ SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET: at least 16 characters/);
    expect(loadAppConfig({ NODE_ENV: 'production', PROVIDER_SIMULATORS: 'true', SESSION_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
  });
});

describe('loadAppConfig: job processing', () => {
  it('refuses to switch off in-web workers without Redis', () => {
    expect(() => loadAppConfig({ RUN_WORKERS_IN_WEB: 'false' })).toThrow(/RUN_WORKERS_IN_WEB=false needs REDIS_URL/);
    expect(loadAppConfig({ RUN_WORKERS_IN_WEB: 'false', REDIS_URL: 'redis://r:6379' }).runWorkersInWeb).toBe(false);
  });
});

describe('loadAppConfig: web processes', () => {
  it('runs one web process by default and more only with Redis', () => {
    expect(loadAppConfig({}).webConcurrency).toBe(1);
    expect(() => loadAppConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs REDIS_URL/);
    expect(loadAppConfig({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://r:6379' }).webConcurrency).toBe(2);
  });
});

describe('loadAppConfig: API_DOCS', () => {
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PROVIDER_SIMULATORS: 'true' };

  it('serves /api/docs outside production and in production only when asked', () => {
    expect(loadAppConfig({}).apiDocs).toBe(true);
    expect(loadAppConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadAppConfig(prod).apiDocs).toBe(false);
    expect(loadAppConfig({ ...prod, API_DOCS: '' }).apiDocs).toBe(false);
    expect(loadAppConfig({ ...prod, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('refuses anything but true or false', () => {
    expect(() => loadAppConfig({ API_DOCS: 'yes' })).toThrow(/\n {2}API_DOCS: API_DOCS must be true or false/);
  });

  it('takes a metrics token of 32+ bearer-token characters, and a database-count cache in ms', () => {
    expect(loadAppConfig({}).metrics).toEqual({ token: undefined, dbCacheMs: 10_000 });
    const token = 'abcDEF0123456789-._~+/abcdef012345==';
    expect(loadAppConfig({ METRICS_TOKEN: ` ${token} `, METRICS_DB_CACHE_MS: '0' }).metrics).toEqual({ token, dbCacheMs: 0 });
    expect(() => loadAppConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 32 characters/);
    expect(() => loadAppConfig({ METRICS_TOKEN: `${'a'.repeat(32)} b` })).toThrow(/METRICS_TOKEN: letters, digits/);
    expect(() => loadAppConfig({ METRICS_DB_CACHE_MS: '-1' })).toThrow(/METRICS_DB_CACHE_MS: must be an integer ≥ 0/);
  });
});

describe('loadAppConfig: providers (PAYUNi, LINE Pay, Amego, Telegram)', () => {
  const KEY = '12345678901234567890123456789012';
  const IV = '1234567890123456';
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
  const real = {
    PAYUNI_API_URL: 'https://sandbox-api.payuni.com.tw/api/',
    PAYUNI_MER_ID: 'S01',
    PAYUNI_HASH_KEY: KEY,
    PAYUNI_HASH_IV: IV,
    LINEPAY_API_URL: 'https://sandbox-api-pay.line.me/',
    LINEPAY_CHANNEL_ID: '1656000001',
    LINEPAY_CHANNEL_SECRET: 'a-linepay-channel-secret',
    AMEGO_API_URL: 'https://invoice-api.amego.tw/',
    AMEGO_TAX_ID: '04595257',
    AMEGO_APP_KEY: 'k',
  };

  it('without URLs: the embedded simulators with demo credentials', () => {
    const p = loadAppConfig({}).providers;
    expect(p.payuni).toEqual({ driver: 'simulator', apiUrl: null, merId: 'SIMSHOP01', hashKey: KEY, hashIv: IV });
    expect(p.linepay).toMatchObject({ driver: 'simulator', apiUrl: null, channelId: '1656000000', timeoutMs: 20000 });
    expect(p.amego).toMatchObject({ driver: 'simulator', apiUrl: null, taxId: '12345675' });
    expect(p.telegram).toMatchObject({ driver: 'simulator', apiUrl: null, chatId: '-1001234567890' });
    expect(p.simulatorsInProduction).toBe(false);
  });

  it('with URLs: the real providers, URLs normalised', () => {
    const p = loadAppConfig(real).providers;
    expect(p.payuni).toEqual({ driver: 'payuni', apiUrl: 'https://sandbox-api.payuni.com.tw', merId: 'S01', hashKey: KEY, hashIv: IV });
    expect(p.linepay).toMatchObject({ driver: 'linepay', apiUrl: 'https://sandbox-api-pay.line.me', channelId: '1656000001' });
    expect(p.amego).toEqual({ driver: 'amego', apiUrl: 'https://invoice-api.amego.tw', taxId: '04595257', appKey: 'k' });
  });

  it('requires the secrets once a URL is set, and checks their shape without echoing them', () => {
    let message = '';
    try {
      loadAppConfig({
        PAYUNI_API_URL: 'https://sandbox-api.payuni.com.tw',
        PAYUNI_HASH_KEY: 'secret-key-too-short',
        PAYUNI_HASH_IV: 'i'.repeat(17),
        LINEPAY_API_URL: 'ftp://x',
        LINEPAY_CHANNEL_ID: 'abc',
        LINEPAY_CHANNEL_SECRET: 'short',
        LINEPAY_TIMEOUT_MS: '5',
        AMEGO_API_URL: 'https://x',
        AMEGO_TAX_ID: '12345678',
        TELEGRAM_API_URL: 'https://api.telegram.org',
        TELEGRAM_BOT_TOKEN: 'secret-but-malformed',
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  PAYUNI_MER_ID: required when PAYUNI_API_URL is set',
      '  PAYUNI_HASH_KEY: must be 32 bytes',
      '  PAYUNI_HASH_IV: must be 16 bytes',
      '  LINEPAY_API_URL: must be an http(s) URL',
      '  LINEPAY_CHANNEL_ID: must be digits',
      '  LINEPAY_CHANNEL_SECRET: at least 16 characters',
      expect.stringMatching(/^ {2}LINEPAY_TIMEOUT_MS: /),
      '  AMEGO_TAX_ID: must be a valid 8-digit 統一編號',
      '  AMEGO_APP_KEY: required when AMEGO_API_URL is set',
      '  TELEGRAM_BOT_TOKEN: must look like 123456789:AA… (digits, colon, key)',
      '  TELEGRAM_CHAT_ID: required when TELEGRAM_API_URL is set',
    ]);
    expect(message).not.toContain('secret-');
  });

  it('production without a provider URL refuses to boot unless PROVIDER_SIMULATORS=true', () => {
    expect(() => loadAppConfig(prod)).toThrow(
      /^Invalid configuration:\n {2}PAYUNI_API_URL: required in production \(or PROVIDER_SIMULATORS=true .+\)\n {2}LINEPAY_API_URL: .+\n {2}AMEGO_API_URL: .+$/,
    );
    expect(() => loadAppConfig({ ...prod, ...real, AMEGO_API_URL: '' })).toThrow(/^Invalid configuration:\n {2}AMEGO_API_URL: required in production/);
    expect(loadAppConfig({ ...prod, ...real }).providers.payuni.driver).toBe('payuni');
    const demo = loadAppConfig({ ...prod, PROVIDER_SIMULATORS: 'true' });
    expect(demo.providers).toMatchObject({ simulatorsInProduction: true, payuni: { driver: 'simulator' } });
    expect(() => loadAppConfig({ PROVIDER_SIMULATORS: 'yes' })).toThrow(/PROVIDER_SIMULATORS: must be true or false/);
  });

  it('order completion timing has defaults and integer rules', () => {
    expect(loadAppConfig({}).orders).toEqual({ completionDays: 7, completionEveryMs: 3_600_000 });
    expect(loadAppConfig({ ORDER_COMPLETION_DAYS: '0', ORDER_COMPLETION_EVERY_MS: '1000' }).orders).toEqual({ completionDays: 0, completionEveryMs: 1000 });
    expect(() => loadAppConfig({ ORDER_COMPLETION_DAYS: '-1', ORDER_COMPLETION_EVERY_MS: '50' })).toThrow(
      /\n {2}ORDER_COMPLETION_DAYS: must be an integer from 0 to 365\n {2}ORDER_COMPLETION_EVERY_MS: must be an integer ≥ 100$/,
    );
    expect(() => loadAppConfig({ ORDER_COMPLETION_DAYS: 'seven' })).toThrow(/ORDER_COMPLETION_DAYS: must be an integer from 0 to 365/);
    expect(() => loadAppConfig({ ORDER_COMPLETION_DAYS: '366' })).toThrow(/ORDER_COMPLETION_DAYS: must be an integer from 0 to 365/);
  });

  it('cart reminder timing has defaults; hours may be a fraction (tests), never negative', () => {
    expect(loadAppConfig({}).cart).toEqual({ reminderHours: 24, reminderEveryMs: 3_600_000 });
    expect(loadAppConfig({ CART_REMINDER_HOURS: '0.001', CART_REMINDER_EVERY_MS: '200' }).cart).toEqual({ reminderHours: 0.001, reminderEveryMs: 200 });
    expect(() => loadAppConfig({ CART_REMINDER_HOURS: '-1', CART_REMINDER_EVERY_MS: '50' })).toThrow(
      /\n {2}CART_REMINDER_HOURS: must be a number of hours from 0 to 8760\n {2}CART_REMINDER_EVERY_MS: must be an integer ≥ 100$/,
    );
    expect(() => loadAppConfig({ CART_REMINDER_HOURS: 'day' })).toThrow(/CART_REMINDER_HOURS: must be a number of hours/);
  });

  it('payment timing and the checkout rate limit have defaults and integer rules', () => {
    expect(loadAppConfig({}).payments).toEqual({ reconcileEveryMs: 300_000, pendingMinutes: 5, abandonMinutes: 30 });
    expect(loadAppConfig({}).checkout).toEqual({ rateLimit: 20 });
    const c = loadAppConfig({ PAYMENTS_RECONCILE_EVERY_MS: '500', PAYMENTS_PENDING_MINUTES: '0', PAYMENTS_ABANDON_MINUTES: '1', CHECKOUT_RATE_LIMIT: '3' });
    expect(c.payments).toEqual({ reconcileEveryMs: 500, pendingMinutes: 0, abandonMinutes: 1 });
    expect(c.checkout.rateLimit).toBe(3);
    expect(() => loadAppConfig({ CHECKOUT_RATE_LIMIT: '0', PAYMENTS_PENDING_MINUTES: 'soon' })).toThrow(
      /\n {2}PAYMENTS_PENDING_MINUTES: must be an integer ≥ 0\n {2}CHECKOUT_RATE_LIMIT: must be an integer ≥ 1$/,
    );
  });
});

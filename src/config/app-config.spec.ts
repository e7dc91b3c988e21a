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
    expect(loadAppConfig({}).auth).toMatchObject({ sms: { driver: 'log' }, codes: { perTargetDaily: 5, perIpDaily: 20 } });
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

  it('requires a session secret in production', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    expect(loadAppConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
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
  const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };

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
});

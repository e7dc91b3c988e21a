import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Browser tests (test/e2e) against the built app: `npm run build`, then `npx playwright test`.
 * Without E2E_BASE_URL a fresh server is started on E2E_PORT (3100) with its own SQLite file and demo seed.
 * Chromium comes from Debian (`apt-get install chromium fonts-noto-cjk`); browsers are never downloaded.
 */
const external = process.env.E2E_BASE_URL;
const port = process.env.E2E_PORT ?? '3100';
const baseURL = external ?? `http://127.0.0.1:${port}`;

// Debian's headless build of Chromium (apt-get install chromium-headless-shell) when installed: the
// full browser in headless mode also runs its own UI's renderers and a GPU process, which took
// about 40 % of the tier's CPU on CI's two cores (content + shop specs: 59 s → 36 s). Without it,
// Debian's chromium.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

// `npm test` asks for "list,json" (and names the JSON file in PLAYWRIGHT_JSON_OUTPUT_NAME).
const reporter: ReporterDescription[] = (process.env.PW_REPORTERS ?? 'list')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean)
  .map((r) => [r] as ReporterDescription);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two workers (files run side by side against the one server): with one, the tier left a core
  // idle while tests waited on the app, its jobs and the simulators (16.5 min; two: 8.5 min, on
  // two cores). A third gained little once the cores were busy (4.8 vs 5.2 min). PW_WORKERS overrides.
  workers: Number(process.env.PW_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    screenshot: 'only-on-failure',
    // Recording a trace costs about a third of the tier's time (screencast frames in the browser and
    // GPU processes: 2.7 → 1.8 min for 40 tests), so under CI only a retry records one: a failure
    // is retried once (retries: 1). `--trace on` records every test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A shopper who has already answered the cookie banner (拒絕): it is shown only while a GA4 or
    // Pixel id is set, which reach.spec sets for a moment; its consent tests start with no choice.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'ss_consent', value: JSON.stringify({ analytics: false, at: '2026-01-01T00:00:00.000Z' }) }] }],
    },
  },
  projects: [
    {
      name: 'desktop',
      // Tests tagged @phone check what only phones show (bottom bar, floating tab).
      grepInvert: /@phone/,
      use: { ...devices['Desktop Chrome'], ...chromium, viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 },
    },
    {
      name: 'mobile',
      // Tests tagged @desktop run on the desktop only: what only a desktop may do (the HTML editor,
      // spec 3 §2), and issue 12's long back-office flows (catalogue, banner, poster, image
      // upload), whose phone layout the @phone tests check instead: the same calls twice cost CI
      // minutes it does not have.
      grepInvert: /@desktop/,
      // The XSS corpus proves the sanitizer and the CSP, which are the same at any width: once,
      // on the desktop (its own shop server and two passes of the corpus cost a minute per run).
      // The back-office order flows, the payment retry and the issue-9 defects are the same moves
      // at any width; their phone screens are checked by the @phone tests (admin lists as cards,
      // toasts and bars inside the screen), so they run once, on the desktop (two minutes of CI).
      testIgnore: ['**/xss.spec.ts', '**/admin.spec.ts', '**/payment-retry.spec.ts', '**/defects.spec.ts'],
      use: { ...chromium, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node test/e2e/server.mjs',
        url: `${baseURL}/api/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: port,
          HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:var/e2e-${port}.sqlite`,
          E2E_RESET: '1',
          // Every flow registers members by SMS code from this one address: room above the daily per-IP cap.
          CODE_IP_DAILY_LIMIT: '500',
          // A code may be re-sent after 20 s instead of 60: the forgot-password flows wait it out.
          CODE_RESEND_SECONDS: '20',
          // Cart reminders (issue 22 §3) after 2 s of quiet, looked for every 2 s: only members who
          // consented to marketing get one (reach.spec's member does).
          CART_REMINDER_HOURS: '0.0005',
          CART_REMINDER_EVERY_MS: '2000',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          // The seeded back-office owner `admin` (test/e2e/admin*.ts sign in with it); unset it would be random.
          ADMIN_INITIAL_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-1234',
        },
      },
});

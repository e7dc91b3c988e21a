// Contact form → mail delivered, through the outbox: the time from the visitor's POST to the
// message arriving at a real (local) SMTP server, with N visitors at once. Each message carries
// a marker, so lost and duplicated mails are counted too.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);

/** A local SMTP server (the tests' capture server, from dist/). */
export async function startMailbox() {
  const { startSmtpCapture } = require(join(root, 'dist/integrations/mail/simulators/smtp-capture.js'));
  const capture = await startSmtpCapture({ user: 'bench', pass: 'bench-pass' });
  return capture;
}

let ipSeq = 0;
const nextIp = () => `100.64.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`;

async function submit(baseUrl, message) {
  const headers = { 'X-Forwarded-For': nextIp(), 'X-Forwarded-Proto': 'https' };
  const tokenRes = await fetch(`${baseUrl}/api/csrf-token`, { headers });
  const cookies = tokenRes.headers.getSetCookie().map((c) => c.split(';')[0]);
  const { csrfToken } = await tokenRes.json();
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/email/contactSend`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookies.join('; ') },
    body: JSON.stringify({ name: '效能測試', email: 'bench@example.com', message }),
  });
  const body = await res.json();
  if (res.status !== 200 || !body.success) throw new Error(`contactSend ${res.status} ${body.message ?? ''}`);
  return started;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `total` submissions, `connections` at a time; resolves with latency percentiles and counts. */
export async function contactToMail(baseUrl, mailbox, { total = 200, connections = 8, timeoutMs = 60_000 } = {}) {
  const sentAt = new Map();
  const arrivedAt = new Map();
  const counts = new Map();
  const seen = new Set();
  const errors = [];
  const poll = setInterval(() => {
    for (const mail of mailbox.received) {
      if (seen.has(mail)) continue;
      seen.add(mail);
      const m = /bench-[0-9a-f]{12}/.exec(mail.text ?? '');
      if (!m) continue;
      counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
      if (!arrivedAt.has(m[0])) arrivedAt.set(m[0], performance.now());
    }
  }, 2);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const marker = `bench-${randomBytes(6).toString('hex')}`;
      try {
        sentAt.set(marker, await submit(baseUrl, `效能 ${marker}`));
      } catch (err) {
        errors.push(err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const deadline = Date.now() + timeoutMs;
  while (arrivedAt.size < sentAt.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 500)); // late duplicates
  clearInterval(poll);
  const latencies = [...sentAt].filter(([m]) => arrivedAt.has(m)).map(([m, t]) => arrivedAt.get(m) - t).sort((a, b) => a - b);
  return {
    sent: sentAt.size,
    delivered: latencies.length,
    lost: sentAt.size - latencies.length,
    duplicates: [...counts.values()].filter((n) => n > 1).length,
    p50: pct(latencies, 50) ?? NaN,
    p99: pct(latencies, 99) ?? NaN,
    errors,
  };
}

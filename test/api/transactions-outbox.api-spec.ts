/**
 * The seams checkout stands on, on this tier's database and queue: one transaction across
 * services (nestjs-cls), after-commit hooks and domain events that never fire for a rollback,
 * and the outbox (one row and one job per id, failed rows kept and retryable).
 */
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../src/common/events/domain-events';
import { Transactions } from '../../src/common/transactions/transactions';
import { SmtpCapture, startSmtpCapture } from '../../src/integrations/mail/simulators/smtp-capture';
import { JobDriver } from '../../src/jobs/job-queue';
import { JobHandlerRegistry } from '../../src/jobs/job-handler.registry';
import { JobName, QueueName } from '../../src/jobs/job-types';
import { OutboxMessage, OutboxState } from '../../src/jobs/outbox/outbox-message.entity';
import { Outbox, OutboxJobBusyError } from '../../src/jobs/outbox/outbox.service';
import { ContactMessage } from '../../src/modules/content/entities/contact-message.entity';
import { eventually, freePort } from '../helpers/processes';
import { createTestApp, TestApp } from '../helpers/test-app';

const SMTP_AUTH = { user: 'shop', pass: 'p@ss word' };

describe('transactions, events and the outbox', () => {
  let t: TestApp;
  let tx: Transactions;
  let ds: DataSource;
  let outbox: Outbox;
  let jobs: JobDriver;
  let smtpPort: number;
  let smtp: SmtpCapture | undefined;
  const events: string[] = [];

  beforeAll(async () => {
    smtpPort = await freePort(); // refused until a test starts the server
    t = await createTestApp({
      SMTP_URL: `smtp://shop:${encodeURIComponent(SMTP_AUTH.pass)}@127.0.0.1:${smtpPort}`,
      JOBS_ATTEMPTS: '2',
      JOBS_BACKOFF_BASE_MS: '20',
      JOBS_BACKOFF_MAX_MS: '40',
    });
    tx = t.app.get(Transactions);
    ds = t.app.get(DataSource);
    outbox = t.app.get(Outbox);
    jobs = t.app.get(JobDriver);
    const emitter = t.app.get(EventEmitter2);
    emitter.on('settings.changed', () => events.push('settings.changed'));
    emitter.on('job.failed', (e: { name: string }) => events.push(`job.failed ${e.name}`));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const count = async (table: string, where = '1=1') => Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`))[0].n);
  const newMessage = (text: string) => tx.repo(ContactMessage).save(tx.repo(ContactMessage).create({ name: '測試', email: 'tx@example.com', message: text, user_id: null }));

  it('a rollback leaves no row, no outbox row, no job, no event and runs no after-commit hook', async () => {
    const before = { messages: await count('contact_messages'), outbox: await count('outbox_messages') };
    const hooks: string[] = [];
    await expect(
      tx.run(async () => {
        const msg = await newMessage('rolled back');
        await outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `rollback:${msg.id}` });
        await t.app.get(DomainEvents).publish('settings.changed', {});
        tx.afterCommit(() => void hooks.push('ran'));
        throw new Error('checkout failed');
      }),
    ).rejects.toThrow('checkout failed');
    await jobs.whenIdle();
    expect({ messages: await count('contact_messages'), outbox: await count('outbox_messages') }).toEqual(before);
    expect(hooks).toEqual([]);
    expect(events).not.toContain('settings.changed');
  });

  it('services join the caller’s transaction; hooks and events run after the commit, in order', async () => {
    const seen: string[] = [];
    let insideId = 0;
    await tx.run(async () => {
      const outer = await newMessage('outer');
      await tx.run(async () => {
        insideId = (await newMessage('inner')).id; // joins: same transaction
        tx.afterCommit(async () => {
          // Committed by now: visible to a query outside the transaction.
          seen.push(`hook sees ${await count('contact_messages', `id IN (${outer.id}, ${insideId})`)}`);
        });
      });
      await t.app.get(DomainEvents).publish('settings.changed', {});
      seen.push(`inside, active=${tx.active}`);
    });
    expect(seen).toEqual(['inside, active=true', 'hook sees 2']);
    expect(events.filter((e) => e === 'settings.changed')).toHaveLength(1);
    expect(tx.active).toBe(false);
  });

  it('an inner failure rolls back the whole use case', async () => {
    const before = await count('contact_messages');
    await expect(
      tx.run(async () => {
        await newMessage('outer kept?');
        await tx.run(async () => {
          await newMessage('inner');
          throw new Error('stock short');
        });
      }),
    ).rejects.toThrow('stock short');
    expect(await count('contact_messages')).toBe(before);
  });

  it('concurrent transactions do not see or undo each other (SQLite runs them in turn)', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        tx.run(async () => {
          await newMessage(`concurrent ${i}`);
          await new Promise((r) => setTimeout(r, 5));
          if (i % 3 === 0) throw new Error(`fail ${i}`);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    expect(await count('contact_messages', "message LIKE 'concurrent %'")).toBe(8);
  });

  it('a query from outside an open transaction neither sees its rows nor is undone by its rollback (SQLite too)', async () => {
    const others = "message <> 'outside write'"; // the outside write may land before or after the count
    const before = await count('contact_messages', others);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inside = tx.run(async () => {
      await newMessage('uncommitted');
      await gate;
      throw new Error('rolled back at the end');
    });
    await new Promise((r) => setTimeout(r, 30)); // the transaction holds its row now
    const seen = count('contact_messages', others);
    const written = ds.query("INSERT INTO contact_messages (name, email, phone, message, ip) VALUES ('外面', 'out@example.com', '', 'outside write', '')");
    release();
    await expect(inside).rejects.toThrow('rolled back at the end');
    await written;
    expect(await seen).toBe(before);
    expect(await count('contact_messages', "message = 'outside write'")).toBe(1);
    expect(await count('contact_messages', "message = 'uncommitted'")).toBe(0);
  });

  it('the same job id twice is one row and one job', async () => {
    const msg = await tx.run(() => newMessage('once'));
    await tx.run(() => outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `once:${msg.id}` }));
    await tx.run(() => outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `once:${msg.id}` }));
    expect(await count('outbox_messages', `job_id = 'once.${msg.id}'`)).toBe(1);
  });

  it("a transaction's jobs are written by one INSERT before its commit: a repeat in it is one row, one job; a rollback writes none", async () => {
    const msg = await tx.run(() => newMessage('together'));
    const ids = ['a', 'b', 'a'].map((k) => `together-${k}:${msg.id}`);
    const during: number[] = [];
    const inTx = async () => Number((await tx.manager.query(`SELECT COUNT(*) AS n FROM outbox_messages WHERE job_id LIKE 'together-%.${msg.id}'`))[0].n);
    await tx.run(async () => {
      for (const jobId of ids) await outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId });
      during.push(await inTx()); // not yet written
      await outbox.writePending();
      during.push(await inTx()); // written, in this transaction
      await outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `together-c:${msg.id}` });
    });
    expect(during).toEqual([0, 2]);
    const rows: { job_id: string }[] = await ds.query(`SELECT job_id FROM outbox_messages WHERE job_id LIKE 'together-%.${msg.id}' ORDER BY id`);
    expect(rows.map((r) => r.job_id)).toEqual([`together-a.${msg.id}`, `together-b.${msg.id}`, `together-c.${msg.id}`]);

    await expect(
      tx.run(async () => {
        await outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `together-d:${msg.id}` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count('outbox_messages', `job_id = 'together-d.${msg.id}'`)).toBe(0);
  });

  it('a job enqueued by a later before-commit hook, after the outbox INSERT ran, is still written', async () => {
    const msg = await tx.run(() => newMessage('late'));
    await tx.run(async () => {
      await outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `late-a:${msg.id}` });
      expect(tx.beforeCommit(() => outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `late-b:${msg.id}` }))).toBe(true);
    });
    const rows: { job_id: string }[] = await ds.query(`SELECT job_id FROM outbox_messages WHERE job_id LIKE 'late-%.${msg.id}' ORDER BY id`);
    expect(rows.map((r) => r.job_id)).toEqual([`late-a.${msg.id}`, `late-b.${msg.id}`]);
    expect(tx.beforeCommit(() => undefined)).toBe(false); // outside a transaction: not taken
  });

  it('a job out of attempts is kept failed with its error, alerts, and an operator retry delivers it once', async () => {
    const msg = await tx.run(() => newMessage('retry me'));
    await tx.run(() => outbox.enqueue(JobName.MailContact, { contactMessageId: msg.id }, { jobId: `failing:${msg.id}` }));
    const failed = await eventually(async () => (await outbox.list('failed')).find((e) => e.jobId === `failing.${msg.id}`), 15_000, 'the row to fail');
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    await eventually(() => events.includes('job.failed mail.contact'), 5000, 'the job.failed event');

    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort });
    expect(await outbox.retry(failed.id)).toBe(true);
    expect(await outbox.retry(failed.id)).toBe(false); // no longer failed
    const mails = await smtp.waitFor(1, 15_000);
    await eventually(async () => (await outbox.list('done')).some((e) => e.id === failed.id), 5000, 'the row to be done');
    expect(mails.filter((m) => m.text?.includes('retry me'))).toHaveLength(1);
    expect((await jobs.listJobs(QueueName.Mail, 'failed')).map((j) => j.id)).not.toContain(failed.jobId);
  });

  it('a second run of a job while one runs waits (busy, retried later), and a run of a done job does nothing', async () => {
    const msg = await tx.run(() => newMessage('only once please'));
    const jobId = `claimed.${msg.id}`;
    // A row as the dispatcher leaves it (queued); the runs below are what a lapsed lock or a
    // re-hand after Redis lost the job would start.
    await tx.repo(OutboxMessage).insert({ job_name: JobName.MailContact, job_id: jobId, payload: { contactMessageId: msg.id }, attempts: null, state: OutboxState.Queued });
    await smtp?.close();
    smtp = await startSmtpCapture(SMTP_AUTH, { port: smtpPort, holdMs: 1500 }); // the first run is mid-send
    const registry = t.app.get(JobHandlerRegistry);
    const job = { id: jobId, name: JobName.MailContact, queue: QueueName.Mail, data: { contactMessageId: msg.id }, attempt: 1, maxAttempts: 5 } as const;

    const first = registry.dispatch(job);
    await eventually(async () => (await tx.repo(OutboxMessage).findOneByOrFail({ job_id: jobId })).claimed_until !== null, 5000, 'the claim');
    await expect(registry.dispatch(job)).rejects.toBeInstanceOf(OutboxJobBusyError);
    await first;
    expect(await tx.repo(OutboxMessage).findOneByOrFail({ job_id: jobId })).toMatchObject({ state: OutboxState.Done, claimed_until: null });

    await registry.dispatch(job); // done: skipped
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.text?.includes('only once please'))).toHaveLength(1);
  });
});

import { createConnection } from 'node:net';
import { DevOutbox } from '../outbox/dev-outbox';
import { LogMailSender } from './log-mail.sender';
import { loadAppConfig } from '../../config/app-config';
import { DEFAULT_MAIL_FROM, mailConfigOf } from './mail-config';
import { MailError } from './mail-sender';
import { createMailSender } from './mail-sender.factory';
import { SmtpCapture, startSmtpCapture } from './simulators/smtp-capture';
import { SmtpMailSender, smtpTransportOptions } from './smtp-mail.sender';

describe('SMTP driver against a real local SMTP server', () => {
  let smtp: SmtpCapture;
  let sender: SmtpMailSender;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    sender = new SmtpMailSender({ url: smtp.url, from: '肌研舍 <no-reply@skinshop.test>', timeoutMs: 5000 });
  });
  afterAll(async () => {
    sender.close();
    await smtp.close();
  });

  it('logs in with the URL credentials and delivers subject, reply-to, text and HTML intact', async () => {
    const r = await sender.send({
      to: 'service@skinshop.test',
      replyTo: { name: '王小明', address: 'ming@example.com' },
      subject: '【肌研舍】官網聯絡表單：王小明',
      text: '第一行\n第二行',
      html: '<p>第一行<br>第二行 &lt;b&gt;</p>',
      messageId: '<contact-1-1@skinshop.contact>',
    });
    const [mail] = await smtp.waitFor(1);
    expect(r.messageId).toBe('<contact-1-1@skinshop.contact>');
    expect(mail.user).toBe('shop');
    expect(mail.from).toBe('no-reply@skinshop.test');
    expect(mail.to).toEqual(['service@skinshop.test']);
    expect(mail.subject).toBe('【肌研舍】官網聯絡表單：王小明');
    expect(mail.headers.get('reply-to')).toBe('王小明 <ming@example.com>');
    expect(mail.headers.get('from')).toBe('肌研舍 <no-reply@skinshop.test>');
    expect(mail.headers.get('message-id')).toBe('<contact-1-1@skinshop.contact>');
    expect(mail.text).toBe('第一行\n第二行');
    expect(mail.html).toBe('<p>第一行<br>第二行 &lt;b&gt;</p>');
  });

  it('reports a temporary refusal as retryable and a permanent one as not', async () => {
    smtp.failNext(451);
    await expect(sender.send({ to: 'a@skinshop.test', subject: 's', text: 't' })).rejects.toMatchObject({ name: 'MailError', retryable: true });
    smtp.failNext(550);
    await expect(sender.send({ to: 'a@skinshop.test', subject: 's', text: 't' })).rejects.toMatchObject({ name: 'MailError', retryable: false });
  });

  it('reports wrong credentials as permanent and an unreachable server as retryable', async () => {
    const wrong = new SmtpMailSender({ url: smtp.url.replace('p%40ss%20word', 'nope'), from: 'no-reply@skinshop.test', timeoutMs: 5000 });
    await expect(wrong.send({ to: 'a@skinshop.test', subject: 's', text: 't' })).rejects.toMatchObject({ retryable: false });
    wrong.close();
    const down = new SmtpMailSender({ url: 'smtp://127.0.0.1:1', from: 'no-reply@skinshop.test', timeoutMs: 2000 });
    const err = await down.send({ to: 'a@skinshop.test', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailError);
    expect(err).toMatchObject({ retryable: true });
    down.close();
  });

  it('outlives a sender that resets its connection mid-session (a process killed with -9), and takes the next mail', async () => {
    const port = Number(new URL(smtp.url).port);
    const login = Buffer.from('\0shop\0p@ss word').toString('base64');
    await new Promise<void>((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      let answers = '';
      socket.once('error', reject);
      socket.on('data', (d: Buffer) => {
        answers += d.toString();
        if (answers.startsWith('220') && !answers.includes('EHLO sent')) {
          answers += 'EHLO sent';
          socket.write(`EHLO killed.test\r\nAUTH PLAIN ${login}\r\nMAIL FROM:<no-reply@skinshop.test>\r\n`);
        }
        // Inside a mail transaction (after MAIL FROM): an RST, as the kernel sends for a killed process.
        if (/250 Accepted/.test(answers)) {
          socket.resetAndDestroy();
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = smtp.received.length;
    await sender.send({ to: 'after@skinshop.test', subject: 'after', text: 'still here' });
    const mails = await smtp.waitFor(before + 1);
    expect(mails[before].to).toEqual(['after@skinshop.test']);
  });
});

describe('log driver', () => {
  it('writes the message to the dev outbox', async () => {
    const outbox = new DevOutbox();
    const r = await new LogMailSender(outbox).send({ to: { address: 'service@skinshop.test' }, subject: '主旨', text: '內文', html: '<p>內文</p>' });
    expect(outbox.list('email')).toEqual([expect.objectContaining({ channel: 'email', to: 'service@skinshop.test', subject: '主旨', body: '<p>內文</p>' })]);
    expect(r.messageId).toBe('outbox-1');
  });
});

describe('mail config', () => {
  it('defaults to the log driver and a local sender address', () => {
    const config = mailConfigOf(loadAppConfig({}));
    expect(config).toEqual({ smtpUrl: undefined, from: DEFAULT_MAIL_FROM });
    expect(createMailSender(config, new DevOutbox()).name).toBe('log');
  });

  it('chooses SMTP when SMTP_URL is set', () => {
    const config = mailConfigOf(loadAppConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: '肌研舍 <shop@example.com>' }));
    expect(config).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com', from: '肌研舍 <shop@example.com>' });
    const sender = createMailSender(config, new DevOutbox()) as SmtpMailSender;
    expect(sender.name).toBe('smtp');
    sender.close();
  });

  it('rejects malformed values with one line each', () => {
    expect(() => loadAppConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'nobody' })).toThrow(
      /Invalid configuration:\n {2}SMTP_URL: .*\n {2}MAIL_FROM: /,
    );
  });

  it('maps the URL to nodemailer options with decoded credentials and default ports', () => {
    expect(smtpTransportOptions({ url: 'smtp://us%40er:p%40ss%20w@mail.example.com', from: 'a@b.c' })).toMatchObject({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      auth: { user: 'us@er', pass: 'p@ss w' },
    });
    expect(smtpTransportOptions({ url: 'smtps://mail.example.com', from: 'a@b.c' })).toMatchObject({ port: 465, secure: true, auth: undefined });
    expect(smtpTransportOptions({ url: 'smtp://[::1]:2525', from: 'a@b.c' })).toMatchObject({ host: '::1', port: 2525 });
  });
});

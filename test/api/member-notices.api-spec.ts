import { Transactions } from '../../src/common/transactions/transactions';
import type { MemberNoticeKind } from '../../src/jobs/job-types';
import { MemberNotices } from '../../src/modules/member-notices/member-notices.service';
import { idle, mailsTo, member, noticeWorld, type Member, type NoticeWorld } from './member-notices-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

/**
 * Member notices (issue 21 §7): what other modules enqueue with MemberNotices.enqueue(kind, userId,
 * ref, data) in their transaction goes out once on the member's channel — an e-mail through the real
 * SMTP driver when they have an address, else an SMS through the real Mitake driver — as a short zh-TW
 * text with the shop's name and a link; blocked members and members without a channel are skipped.
 */
describe('member notices: texts, channel, once per thing told', () => {
  let w: NoticeWorld;
  let mailed: Member;
  let texted: Member;

  beforeAll(async () => {
    w = await noticeWorld();
    mailed = await member(w);
    texted = await member(w, { email: false });
  });
  afterAll(async () => {
    await w?.close();
  });

  let seq = 0;
  const ref = () => `t${process.pid}-${++seq}`;
  const enqueue = (kind: MemberNoticeKind, userId: number, r: string, data: Record<string, string | number>) =>
    w.t.app.get(Transactions).run(() => w.t.app.get(MemberNotices).enqueue(kind, userId, r, data));
  const smsTo = (m: Member) => w.sms.received.filter((s) => s.to === m.phone && !/驗證碼/.test(s.body));

  const CASES: Array<{ kind: MemberNoticeKind; data: Record<string, string | number>; subject: string; body: string; path: string }> = [
    { kind: 'points-earned', data: { points: 1200 }, subject: '您獲得 1,200 點購物金', body: '訂單已完成，您獲得的 1,200 點購物金已入帳，下次購物即可折抵。', path: '/points' },
    { kind: 'points-expiring', data: { points: 80, date: '2026-12-31' }, subject: '80 點購物金即將到期', body: '您有 80 點購物金將於 2026/12/31 到期，請於到期前使用。', path: '/points' },
    { kind: 'points-birthday', data: { points: 100 }, subject: '生日快樂！生日購物金已送達', body: '生日快樂！送您 100 點生日購物金，祝您有美好的一年。', path: '/points' },
    { kind: 'tier-upgrade', data: { tier: '金卡會員' }, subject: '恭喜升級為金卡會員', body: '恭喜您升級為金卡會員，享有更多會員禮遇。', path: '/points' },
    { kind: 'review-reply', data: { title: '玻尿酸<保濕>精華' }, subject: '您的評價已收到回覆', body: '您對「玻尿酸<保濕>精華」的評價已收到店家回覆。', path: '/reviews' },
    { kind: 'restock', data: { title: '維他命C精華', productId: 12, variantName: '30ml' }, subject: '貨到通知', body: '您關注的「維他命C精華（30ml）」已到貨。', path: '/product/12' },
  ];

  it.each(CASES)('$kind by e-mail: 【shop】subject, the short text, the link, a fixed Message-ID (HTML escaped)', async ({ kind, data, subject, body, path }) => {
    const r = ref();
    const before = mailsTo(w, mailed.email).length;
    await enqueue(kind, mailed.userId, r, data);
    await idle(w);
    const mails = mailsTo(w, mailed.email).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`【${w.shopName}】${subject}`);
    expect(mail.text).toContain(body);
    expect(mail.text).toContain(`查看詳情：${w.origin}${path}`);
    expect(mail.html).toContain(`href="${w.origin}${path}"`);
    expect(mail.html).not.toContain('<保濕>');
    expect(mail.headers.get('message-id')).toBe(`<notice-${kind}-${r}@skinshop.notice>`);
  });

  it.each(CASES)('$kind by SMS to a member without e-mail: 【shop】text link', async ({ kind, data, body, path }) => {
    const before = smsTo(texted).length;
    await enqueue(kind, texted.userId, ref(), data);
    await idle(w);
    const sent = smsTo(texted).slice(before);
    expect(sent.map((s) => s.body)).toEqual([`【${w.shopName}】${body} ${w.origin}${path}`]);
  });

  it('the same thing told twice (kind + ref) goes out once; a retried send after an SMTP failure goes out once', async () => {
    const r = ref();
    const before = mailsTo(w, mailed.email).length;
    await enqueue('points-earned', mailed.userId, r, { points: 5 });
    await enqueue('points-earned', mailed.userId, r, { points: 5 });
    await idle(w);
    expect(mailsTo(w, mailed.email).length - before).toBe(1);

    w.smtp.failNext(451);
    await enqueue('tier-upgrade', mailed.userId, ref(), { tier: '鑽石會員' });
    await idle(w);
    expect(mailsTo(w, mailed.email).filter((m) => m.subject.endsWith('恭喜升級為鑽石會員'))).toHaveLength(1);
  });

  it('skips a blocked member, a member without any channel, an unknown member and data missing a field (no retry)', async () => {
    const blocked = await member(w);
    await w.ds.query("UPDATE users SET is_active = 0, blocked_at = CURRENT_TIMESTAMP, blocked_reason = '測試' WHERE id = ?", [blocked.userId]);
    const silent = await member(w, { email: false });
    await w.ds.query('UPDATE users SET phone = NULL WHERE id = ?', [silent.userId]);
    const mailsBefore = w.smtp.received.length;
    const smsBefore = w.sms.received.length;
    await enqueue('points-earned', blocked.userId, ref(), { points: 10 });
    await enqueue('points-earned', silent.userId, ref(), { points: 10 });
    await enqueue('points-earned', 999_999_999, ref(), { points: 10 });
    const broken = ref();
    await enqueue('points-expiring', mailed.userId, broken, { points: 10 });
    await idle(w);
    expect(w.smtp.received.length).toBe(mailsBefore);
    expect(w.sms.received.length).toBe(smsBefore);
    const [job] = (await w.ds.query('SELECT state FROM outbox_messages WHERE job_id = ?', [`notice.points-expiring.${broken}`])) as { state: string }[];
    expect(job.state).toBe('done');
  });
});

import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';
import { LINE_PUSHER, LinePushError, type LinePusher } from '../../integrations/line-messaging/line-messaging.client';
import { maskRecipient } from '../../integrations/outbox/dev-outbox';
import { SMS_SENDER, type SmsSender } from '../../integrations/sms/sms-sender';
import { UsersService } from '../users/users.service';
import { LineFriends } from './line-friends.service';

/**
 * `line.push` (queue `line`): one LINE message to a member, with its X-Line-Retry-Key fixed in the
 * payload, so a retry after LINE accepted it is answered 409 and counted as sent (never delivered
 * twice). 429 / 5xx / network failures throw: the job system retries with backoff. When the member
 * is no longer reachable on LINE — not a friend now (unfollowed or blocked: the webhook told us), not
 * bound any more, or LINE answers "Failed to send messages" (then line_friends.friend becomes 0) —
 * or LINE refuses the push for good, the `fallback` SMS goes instead, once: an `sms.text` outbox job
 * keyed by the retry key (a re-run of this job queues nothing more).
 */
@Injectable()
export class LinePushProcessor {
  private readonly log = new Logger('LinePush');

  constructor(
    @Inject(LINE_PUSHER) private readonly line: LinePusher,
    private readonly friends: LineFriends,
    private readonly users: UsersService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly outbox: Outbox,
  ) {}

  @JobHandler(JobName.LinePush)
  async push(job: JobOf<'line.push'>): Promise<void> {
    const { userId, lineUserId, text, retryKey } = job.data;
    const what = `member #${userId} LINE message ${retryKey}`;
    const bound = (await this.users.identitySubject(userId, 'line')) === lineUserId;
    if (!bound || !(await this.friends.isFriend(lineUserId))) return this.fallback(job, bound ? 'not a friend of the Official Account' : 'LINE no longer bound');
    try {
      const result = await this.line.push(lineUserId, [text], retryKey);
      this.log.log(`${what} ${result === 'sent' ? 'sent' : 'was accepted before (409): counted as sent'}`);
    } catch (err) {
      if (!(err instanceof LinePushError) || err.retryable) throw err;
      if (err.unreachableUser) await this.friends.set(lineUserId, false, 'push');
      this.log.warn(`${what} refused: ${err.message}`);
      await this.fallback(job, err.message);
    }
  }

  /** The SMS instead: an outbox job keyed by the retry key, so a re-run of this LINE job never queues a second one. */
  private async fallback(job: JobOf<'line.push'>, why: string): Promise<void> {
    const { userId, fallback, retryKey } = job.data;
    if (!fallback?.phone || !fallback.text) return void this.log.log(`member #${userId} LINE message ${retryKey} not sent (${why}); no SMS to fall back on`);
    await this.outbox.enqueue(JobName.SmsText, { phone: fallback.phone, text: fallback.text }, { jobId: `sms-fallback:${retryKey}` });
    this.log.log(`member #${userId} LINE message ${retryKey} goes by SMS instead (${why})`);
  }

  /** `sms.text`: a short SMS without a code (a LINE message's fallback). Provider failures throw: the queue retries. */
  @JobHandler(JobName.SmsText)
  async smsText(job: JobOf<'sms.text'>): Promise<void> {
    await this.sms.send(job.data.phone, job.data.text);
    this.log.log(`SMS ${job.id} sent to ${maskRecipient(job.data.phone)}`);
  }
}

import { Injectable } from '@nestjs/common';
import { JobName, type MemberNoticeKind } from '../../jobs/job-types';
import { Outbox } from '../../jobs/outbox/outbox.service';

/**
 * Tells a member something on their channel (issue 21 §7): an outbox row in the caller's transaction
 * (`notice:<kind>:<ref>`, so telling the same thing twice is a no-op), sent by MemberNoticesProcessor
 * as a short zh-TW mail or SMS with the shop's name and a link. `ref` names the thing told (an order
 * id, a review id, `<userId>:<YYYY-MM-DD>` …); `data` carries the few figures the text needs.
 */
@Injectable()
export class MemberNotices {
  constructor(private readonly outbox: Outbox) {}

  enqueue(kind: MemberNoticeKind, userId: number, ref: string, data: Record<string, string | number> = {}): Promise<void> {
    return this.outbox.enqueue(JobName.MemberNotice, { userId, kind, ref, data }, { jobId: `notice:${kind}:${ref}` });
  }
}

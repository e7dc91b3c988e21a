import { Module } from '@nestjs/common';
import { MemberNotices } from './member-notices.service';

/**
 * Notices to members (issue 21 §7): points earned or expiring, the birthday gift, a tier upgrade, a
 * review's reply, a restock. Other modules import this one and call `MemberNotices.enqueue` in their
 * transaction; the processor picks the member's channel and sends.
 */
@Module({
  providers: [MemberNotices],
  exports: [MemberNotices],
})
export class MemberNoticesModule {}

import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PurchaseEventAnswer } from '../../common/api/analytics';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { PurchaseEvents } from './purchase-event.service';

/** The purchase event for the shop's analytics, once per order (issue 22 §7). The member is the session's. */
@ApiTags('member: analytics')
@Controller('member/orders')
@UseGuards(MemberGuard)
export class ShopAnalyticsController {
  constructor(private readonly purchases: PurchaseEvents) {}

  @Post(':MerTradeNo/purchase-event')
  @HttpCode(200)
  @ApiOperation({ summary: "The member's own paid (or placed cash-on-delivery) order's purchase event the first time; event null ever after" })
  purchase(@CurrentUser() me: SessionUser, @Param('MerTradeNo') merTradeNo: string): Promise<PurchaseEventAnswer> {
    return this.purchases.claim(me.id, String(merTradeNo).slice(0, 64));
  }
}

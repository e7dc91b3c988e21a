import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RequestReturnAnswer } from '../../common/api/orders';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { RequestReturnDto } from './dto/refund.dto';
import { Returns } from './returns.service';

/** The member's return request (鑑賞期, 7 days after delivery / pickup) from /orders. */
@ApiTags('shop: orders')
@Controller('order')
@UseGuards(MemberGuard)
export class ShopReturnsController {
  constructor(private readonly returns: Returns) {}

  @Post('requestReturn')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask for a return of one of my orders within 7 days of delivery (staff approve or refuse)' })
  requestReturn(@CurrentUser() me: SessionUser, @Body() dto: RequestReturnDto): Promise<RequestReturnAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return this.returns.request(me.id, dto.order_id, dto.reason);
  }
}

import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MemberPointsAnswer } from '../../common/api/rewards';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { PointsPageQuery } from './dto/points-page.dto';
import { PointsService } from './points.service';

/** 我的購物金 (spec 4 §2, §7): the member from the session. */
@ApiTags('rewards')
@Controller('member/points')
@UseGuards(MemberGuard)
export class ShopPointsController {
  constructor(private readonly points: PointsService) {}

  @Get()
  @ApiOperation({ summary: "The member's balance, pending, expiring soon, tier and progress, history (page, limit 20)" })
  get(@CurrentUser() me: SessionUser, @Query() q: PointsPageQuery): Promise<MemberPointsAnswer> {
    return this.points.memberPoints(me.id, q.page, q.limit);
  }
}

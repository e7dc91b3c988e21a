import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PreferencesAnswer, UnsubscribeAnswer } from '../../common/api/preferences';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { UpdatePreferencesDto } from './preferences.dto';
import { MemberPreferencesService } from './preferences.service';

/** 通知方式 and 行銷通知 (spec 4 §7). The member is the session's; a body user_id is refused. */
@ApiTags('member: preferences')
@Controller('member/preferences')
@UseGuards(MemberGuard)
export class ShopPreferencesController {
  constructor(private readonly preferences: MemberPreferencesService) {}

  @Get()
  @ApiOperation({ summary: "The member's order-news channel, marketing opt-ins (with their times), bound LINE account and friendship" })
  get(@CurrentUser() me: SessionUser): Promise<PreferencesAnswer> {
    return this.preferences.answer(me.id);
  }

  @Put()
  @ApiOperation({ summary: 'Change notify_channel / marketing_email / marketing_line (each change is a consent record, source profile): 已更新通知設定' })
  update(@CurrentUser() me: SessionUser, @Body() dto: UpdatePreferencesDto): Promise<PreferencesAnswer> {
    return this.preferences.update(me.id, dto);
  }
}

/** The one-click unsubscribe of marketing messages (no login; the signed token names the member and the list). */
@ApiTags('unsubscribe')
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(private readonly preferences: MemberPreferencesService) {}

  @Get(':token')
  @ApiOperation({ summary: 'Which list the link takes the member off (channel) and whether it is done already; 404 取消訂閱連結無效' })
  preview(@Param('token') token: string): Promise<UnsubscribeAnswer> {
    return this.preferences.unsubscribePreview(token);
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unsubscribe (idempotent; also the List-Unsubscribe-Post one-click target): 已取消訂閱' })
  unsubscribe(@Param('token') token: string): Promise<UnsubscribeAnswer> {
    return this.preferences.unsubscribe(token);
  }
}

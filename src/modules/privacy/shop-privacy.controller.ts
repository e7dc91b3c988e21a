import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeleteAccountAnswer } from '../../common/api/privacy';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { assertOwnUserId } from '../../common/auth/ownership';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { ok, type Envelope } from '../../common/http/envelope';
import { clientIp, RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { rateLimitRule } from '../../common/rate-limit/rate-limiter';
import { REACH_MSG } from '../../common/validation/reach-rules';
import { DeleteAccountDto, DeleteCodeDto } from './privacy.dto';
import { PrivacyService } from './privacy.service';

/** Password / code tries of 刪除帳號 per member (a stolen session can't guess the password on and on). */
export const DELETE_RATE_LIMIT = rateLimitRule('member-delete', 10, 3600);
const perMember = (req: FastifyRequest) => (typeof req.user?.id === 'number' ? `u${req.user.id}` : clientIp(req));

/** 下載我的資料 and 刪除帳號 (spec 4 §7; issue 22 §4). The member is the session's (刪除帳號 refuses another member's user_id). */
@ApiTags('member: personal data')
@Controller('member')
@UseGuards(MemberGuard)
export class ShopPrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('export')
  @ApiOperation({ summary: 'Everything the shop holds about the member as a JSON download (skinshop-my-data-YYYYMMDD.json); logged' })
  async export(@CurrentUser() me: SessionUser, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const file = await this.privacy.export(me.id, clientIp(req));
    reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    reply.header('Cache-Control', 'no-store');
    return file.data;
  }

  @Post('delete/code')
  @HttpCode(200)
  @ApiOperation({ summary: '刪除帳號 of an account without a password: an SMS code to its phone (outtime = cooldown seconds)' })
  async code(@CurrentUser() me: SessionUser, @Req() req: FastifyRequest, @Body() _dto: DeleteCodeDto): Promise<Envelope<{ outtime: number }>> {
    return ok(await this.privacy.sendDeleteCode(me.id, clientIp(req)));
  }

  @Post('delete')
  @HttpCode(200)
  @RateLimit(DELETE_RATE_LIMIT, perMember)
  @ApiOperation({ summary: '刪除帳號 with the password (or the SMS code): orders kept anonymised, everything else erased, sessions ended' })
  async delete(@CurrentUser() me: SessionUser, @Req() req: FastifyRequest, @Body() dto: DeleteAccountDto): Promise<DeleteAccountAnswer> {
    assertOwnUserId(dto.user_id, me.id); // destructive: another member's id is refused (403), not ignored
    await this.privacy.deleteAccount(req, me.id, { password: dto.password, code: dto.code });
    return ok({}, REACH_MSG.deleted);
  }
}

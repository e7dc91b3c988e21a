import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Envelope } from '../../../common/api/envelope';
import type { LineBindAnswer } from '../../../common/api/preferences';
import { CurrentUser } from '../../../common/auth/current-user.decorator';
import { MemberGuard } from '../../../common/auth/member.guard';
import type { SessionUser } from '../../../common/auth/session-user';
import { ok } from '../../../common/http/envelope';
import { SocialLoginService } from './social-login.service';

/** The LINE unbind answer's message. */
export const LINE_UNBOUND = '已解除綁定 LINE';

/** 綁定 LINE in /profile (issue 22 §2): the member is the session's. */
@ApiTags('member: preferences')
@Controller('member/line')
@UseGuards(MemberGuard)
export class ShopLineBindController {
  constructor(private readonly social: SocialLoginService) {}

  @Get('bind')
  @ApiOperation({ summary: 'The LINE Login URL (bot_prompt=normal) whose callback binds the LINE account to this member → /profile?line=bound|taken|failed' })
  bind(@CurrentUser() me: SessionUser, @Req() req: FastifyRequest): LineBindAnswer {
    return ok({ url: this.social.lineBindUrl(req, me.id) });
  }

  @Post('unbind')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes the bound LINE account (refused when it is the only way to log in): 已解除綁定 LINE' })
  async unbind(@CurrentUser() me: SessionUser): Promise<Envelope> {
    await this.social.lineUnbind(me.id);
    return ok({}, LINE_UNBOUND);
  }
}

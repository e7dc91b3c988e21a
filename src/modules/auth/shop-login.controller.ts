import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../common/api/envelope';
import type { LoginAnswer, LogoutAnswer, ProvidersAnswer, UserAnswer } from '../../common/api/account';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { UsersService } from '../users/users.service';
import { AccountService, MESSAGES } from './account.service';
import { BasicLoginDto, StateSaveDto } from './dto/account.dto';
import { SocialLoginService } from './social/social-login.service';

/** Answer to GET /api/login/logout (405): logging out takes the member menu's button. */
export const LOGOUT_NEEDS_POST = '請使用會員選單中的「登出」按鈕登出';

/** Member login, session and social login (spec 1 §4, §7). */
@ApiTags('account')
@Controller('login')
export class ShopLoginController {
  constructor(
    private readonly accounts: AccountService,
    private readonly social: SocialLoginService,
    private readonly users: UsersService,
  ) {}

  @Post('basic-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Phone + password login (throttled per account and IP); rotates the session id' })
  async basicLogin(@Body() _dto: BasicLoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoginAnswer> {
    return ok(await this.accounts.login(req, reply), MESSAGES.loggedIn);
  }

  @Get('getuser')
  @UseGuards(MemberGuard)
  @ApiOperation({ summary: 'The logged-in member profile (spec 2 §3), 401 when logged out' })
  async getUser(@CurrentUser() me: SessionUser): Promise<UserAnswer> {
    return ok({ user: await this.users.getProfile(me.id) });
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the session (with X-CSRF-Token; answers a fresh CSRF token for the visitor)' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<LogoutAnswer> {
    return ok(await this.accounts.logout(req, reply), MESSAGES.loggedOut);
  }

  /** A link or an image on another site must not log a member out: only POST with the CSRF token does. */
  @Get('logout')
  @Header('Allow', 'POST')
  @ApiOperation({ summary: 'Refused (405): log out with POST /api/login/logout' })
  @ApiResponse({ status: 405, description: '{ success: false, message }' })
  logoutByGet(): never {
    throw new AppError(LOGOUT_NEEDS_POST, HttpStatus.METHOD_NOT_ALLOWED);
  }

  @Post('state-save')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the social-login state (40 hex characters) in the session before the redirect' })
  stateSave(@Body() dto: StateSaveDto, @Req() req: FastifyRequest): Envelope {
    this.social.saveState(req, dto.state);
    return ok({});
  }

  @Get('providers')
  @ApiOperation({ summary: 'Which social logins are set up on this server' })
  providers(): ProvidersAnswer {
    return ok({ providers: this.social.providers() });
  }

  @Get('google')
  @ApiOperation({ summary: 'Start Google login: redirect to Google (after state-save)' })
  async google(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.start('google', req), 302);
  }

  @Get('facebook')
  @ApiOperation({ summary: 'Start Facebook login: redirect to Facebook (after state-save)' })
  async facebook(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.start('facebook', req), 302);
  }

  @Get('line')
  @ApiOperation({ summary: 'Start LINE login: redirect to LINE (after state-save)' })
  async line(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.start('line', req), 302);
  }

  @Get('google-login')
  @ApiOperation({ summary: 'Google callback: logs in and redirects to /loginres, or to /login?error=…' })
  async googleCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.callback('google', req), 302);
  }

  @Get('facebook-login')
  @ApiOperation({ summary: 'Facebook callback: logs in and redirects to /loginres, or to /login?error=…' })
  async facebookCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.callback('facebook', req), 302);
  }

  @Get('line-login')
  @ApiOperation({ summary: 'LINE callback: verifies the ID token, logs in and redirects to /loginres, or to /login?error=…' })
  async lineCallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.redirect(await this.social.callback('line', req), 302);
  }
}

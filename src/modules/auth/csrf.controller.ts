import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CsrfTokenAnswer } from '../../common/api/account';
import { ok } from '../../common/http/envelope';
import { CsrfService } from './csrf.service';

@ApiTags('account')
@Controller()
export class CsrfController {
  constructor(private readonly csrf: CsrfService) {}

  @Get('csrf-token')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A CSRF token (also set in an httpOnly cookie; stores nothing on the server): send it as X-CSRF-Token on every POST/PUT/PATCH/DELETE',
  })
  token(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): CsrfTokenAnswer {
    return ok({ csrfToken: this.csrf.token(req, reply) });
  }
}

import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CvsMapAnswer } from '../../common/api/orders';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CVS_STORE_SCRIPT, cvsResultUrl, pickedStorePage, refusedPage } from './cvs-map-pages';
import { CvsMapService } from './cvs-map.service';
import { CvsMapDto } from './dto/cvs-map.dto';

/** Store pages are the shopper's own: never cached; the map window keeps its opener (see pickedStorePage). */
function pageHeaders(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
  // The map window came from PAYUNi's origin: a stricter policy would cut it off from the checkout.
  reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
}

/** The 7-11 store map (spec 2 §7): the form that opens it, and the route it posts the store back to. */
@ApiTags('orders')
@Controller()
export class CvsMapController {
  constructor(
    private readonly maps: CvsMapService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('order/getCvsMapUrl')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @ApiOperation({ summary: 'The PAYUNi 7-11 store map form (formHtml, go_url + body) for the logged-in member' })
  getCvsMapUrl(@CurrentUser() me: SessionUser, @Body() dto: CvsMapDto, @Req() req: FastifyRequest): CvsMapAnswer {
    assertOwnUserId(dto.user_id, me.id);
    const origin = this.config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    return this.maps.mapForm(origin, dto.isMobile === true);
  }

  /**
   * PAYUNi's MapReturnURL (a form post from the map, CSRF-exempt, url-encoded: FORM_BODY_ROUTES).
   * Phones (`m=1`): 303 to /checkoutCvsResult with the store. Desktop: a page that hands the store
   * to the checkout window. A refused post: 400 with a zh-TW page.
   */
  @Post('logistics/cvs-map/return')
  @ApiExcludeEndpoint()
  mapReturn(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('m') m?: string): void {
    const body: unknown = req.body;
    const store = this.maps.pickedStore(body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
    pageHeaders(reply);
    if (!store) {
      reply.code(400).type('text/html; charset=utf-8').send(refusedPage());
      return;
    }
    if (m === '1') {
      reply.redirect(cvsResultUrl(store), 303);
      return;
    }
    reply.code(200).type('text/html; charset=utf-8').send(pickedStorePage(store));
  }

  /** The desktop page's script (same origin: the CSP allows no inline script). */
  @Get('logistics/cvs-map/picked.js')
  @ApiExcludeEndpoint()
  pickedScript(@Res() reply: FastifyReply): void {
    reply.header('Cache-Control', 'public, max-age=300');
    reply.type('application/javascript; charset=utf-8').send(CVS_STORE_SCRIPT);
  }
}

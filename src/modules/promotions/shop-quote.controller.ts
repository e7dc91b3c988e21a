import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { QuoteAnswer } from '../../common/api/promotions';
import { isMember } from '../../common/auth/member.guard';
import { QuoteDto } from './dto/quote.dto';
import { QuoteService } from './quote.service';

/**
 * `POST /api/cart/quote` (spec 4 §4, §7): the cart priced by the server, for visitors and members.
 * The member is the session's (a `user_id` in the body is ignored, spec 4 §6).
 */
@ApiTags('shop: cart')
@Controller('cart')
export class ShopQuoteController {
  constructor(private readonly quotes: QuoteService) {}

  @Post('quote')
  @HttpCode(200)
  @ApiOperation({ summary: 'The price quote: lines, discounts per promotion, gifts, add-on offers, hints, shipping, total' })
  quote(@Req() req: FastifyRequest, @Body() dto: QuoteDto): Promise<QuoteAnswer> {
    return this.quotes.quote(isMember(req) ? req.user!.id : null, dto);
  }
}

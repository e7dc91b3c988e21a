import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ServerCartAnswer } from '../../common/api/member-cart';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { ServerCartDto } from './member-cart.dto';
import { MemberCartService } from './member-cart.service';

/** The member's server cart (spec 4 §7). The member is the session's; a body user_id is ignored. */
@ApiTags('member: cart')
@Controller('member/cart')
@UseGuards(MemberGuard)
export class ShopMemberCartController {
  constructor(private readonly cart: MemberCartService) {}

  @Get()
  @ApiOperation({ summary: "The member's server cart: live lines with each line's updated_at" })
  get(@CurrentUser() me: SessionUser): Promise<ServerCartAnswer> {
    return this.cart.get(me.id);
  }

  @Put()
  @ApiOperation({ summary: 'A tab writes its cart: per line the later updated_at wins; quantity 0 removes (kept as a tombstone); invalid lines dropped' })
  put(@CurrentUser() me: SessionUser, @Body() dto: ServerCartDto): Promise<ServerCartAnswer> {
    return this.cart.put(me.id, dto.cartItems);
  }

  @Post('merge')
  @HttpCode(200)
  @ApiOperation({ summary: "Right after login: the browser's cart merged in, the larger quantity of each line wins" })
  merge(@CurrentUser() me: SessionUser, @Body() dto: ServerCartDto): Promise<ServerCartAnswer> {
    return this.cart.merge(me.id, dto.cartItems);
  }
}

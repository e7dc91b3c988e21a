import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RestockAnswer, WishlistAnswer, WishlistToggleAnswer } from '../../common/api/wishlist';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import type { SessionUser } from '../../common/auth/session-user';
import { RestockService } from './restock.service';
import { RestockDto, WishlistToggleDto } from './wishlist.dto';
import { WishlistService } from './wishlist.service';

/** 我的收藏 and 貨到通知我 (spec 4 §7). The member is the session's; a body user_id is ignored. */
@ApiTags('member: wishlist')
@Controller('member')
@UseGuards(MemberGuard)
export class ShopWishlistController {
  constructor(
    private readonly wishlist: WishlistService,
    private readonly restock: RestockService,
  ) {}

  @Get('wishlist')
  @ApiOperation({ summary: "The member's wishlist with each product's price and stock now (available false when delisted), and the product ids" })
  list(@CurrentUser() me: SessionUser): Promise<WishlistAnswer> {
    return this.wishlist.list(me.id);
  }

  @Post('wishlist')
  @HttpCode(200)
  @ApiOperation({ summary: 'Toggle a product in the wishlist: wished + 已加入收藏 / 已取消收藏' })
  toggle(@CurrentUser() me: SessionUser, @Body() dto: WishlistToggleDto): Promise<WishlistToggleAnswer> {
    return this.wishlist.toggle(me.id, dto.product_id);
  }

  @Get('restock')
  @ApiOperation({ summary: "The variants the member asked to be told about (open requests)" })
  openRestocks(@CurrentUser() me: SessionUser): Promise<RestockAnswer> {
    return this.restock.open(me.id);
  }

  @Post('restock')
  @HttpCode(200)
  @ApiOperation({ summary: '貨到通知我 on a sold-out variant (stock 0 now): 貨到時將通知您' })
  ask(@CurrentUser() me: SessionUser, @Body() dto: RestockDto): Promise<RestockAnswer> {
    return this.restock.ask(me.id, dto.variant_id);
  }

  @Delete('restock/:variant_id')
  @ApiOperation({ summary: 'Withdraw a restock request: 已取消貨到通知' })
  withdraw(@CurrentUser() me: SessionUser, @Param('variant_id', ParseIntPipe) variantId: number): Promise<RestockAnswer> {
    return this.restock.withdraw(me.id, variantId);
  }
}

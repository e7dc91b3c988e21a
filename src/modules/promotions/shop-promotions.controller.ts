import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PublicPromotionsAnswer } from '../../common/api/promotions';
import { ok } from '../../common/http/envelope';
import { PromotionsCatalog } from './promotions-catalog.service';

/** The shop's promotion badges (spec 4 §7): running now, no codes ever. */
@ApiTags('shop: promotions')
@Controller('load')
export class ShopPromotionsController {
  constructor(private readonly catalog: PromotionsCatalog) {}

  @Get('promotions')
  @ApiOperation({ summary: 'Promotions running now with their badge text (滿千折百, 9 折, 任選 3 件 NT$ 999 …), scope; never a code' })
  async list(): Promise<PublicPromotionsAnswer> {
    return ok({ promotions: await this.catalog.publicList() });
  }
}

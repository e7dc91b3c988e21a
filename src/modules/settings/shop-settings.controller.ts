import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCachedJson } from '../../common/http/send-cached-json';
import { SettingsService } from './settings.service';

@ApiTags('shop: settings')
@Controller('load')
export class ShopSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('shipping')
  @ApiOperation({ summary: 'Active shipping methods with cost and free-shipping threshold' })
  async shipping(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.settings.loadShipping());
  }

  @Get('payment')
  @ApiOperation({ summary: 'Active payment methods' })
  async payment(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.settings.loadPayment());
  }
}

import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Envelope } from '../../common/api/envelope';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { CONTACT_RATE_LIMIT } from './contact-rate-limit';
import { ContactService } from './contact.service';
import { ContactDto } from './dto/contact.dto';

@ApiTags('shop: contact')
@Controller('email')
export class ShopContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contactSend')
  @HttpCode(200)
  @RateLimit(CONTACT_RATE_LIMIT)
  @ApiOperation({ summary: 'Contact form: stores the message and mails it to the shop through the job queue (5 per IP per 10 min)' })
  contactSend(@Body() dto: ContactDto, @Req() req: FastifyRequest): Promise<Envelope> {
    // Member sessions arrive with the auth module; until then every sender is a visitor.
    return this.contact.submit(dto, req.ip, null);
  }
}

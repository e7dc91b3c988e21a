import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ClaimPhrase } from '../../common/api/compliance';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { ok } from '../../common/http/envelope';
import { ClaimsService, CLAIMS_MSG } from './claims.service';

/** The claims list (spec 4 §4): every staff form reads it to warn before saving; owners and staff edit it. */
@ApiTags('admin: claims check')
@Controller('admin')
export class AdminClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Get('claim-phrases')
  @AdminRoles('owner', 'staff', 'editor')
  @ApiOperation({ summary: 'The phrases cosmetics texts may not use, with the reason of each' })
  async list(): Promise<Envelope<{ phrases: ClaimPhrase[] }>> {
    return ok({ phrases: await this.claims.phrases() });
  }

  @Put('claim-phrases')
  @AdminRoles('owner', 'staff')
  @ApiOperation({ summary: 'Replace the phrase list (each 1–30 characters with a reason, no duplicates, ≤ 200); audited' })
  async save(@CurrentAdmin() admin: SessionAdmin, @Body() body: unknown): Promise<Envelope<{ phrases: ClaimPhrase[] }>> {
    const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).phrases : undefined;
    return ok({ phrases: await this.claims.save(admin, input) }, CLAIMS_MSG.saved);
  }
}

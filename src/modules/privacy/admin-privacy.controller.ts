import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PrivacyRequestsAnswer } from '../../common/api/privacy';
import { AdminRoles } from '../../common/auth/admin-auth';
import { PrivacyRequestsQuery } from './privacy.dto';
import { PrivacyService } from './privacy.service';

/** The personal-data log (issue 22 §4): every export and deletion, newest first (owner and staff). */
@ApiTags('admin: personal data')
@Controller('admin/privacy-requests')
@AdminRoles('owner', 'staff')
export class AdminPrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get()
  @ApiOperation({ summary: 'Exports and deletions of members (masked phone, how a deletion was confirmed); limit (20), offset' })
  list(@Query() q: PrivacyRequestsQuery): Promise<PrivacyRequestsAnswer> {
    return this.privacy.requests(q.limit ?? 20, q.offset ?? 0);
  }
}

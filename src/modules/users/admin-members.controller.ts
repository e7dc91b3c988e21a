import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminUsersAnswer } from '../../common/api/admin';
import { AdminRoles } from '../../common/auth/admin-auth';
import { AdminMembersPageDto } from './admin-members.dto';
import { AdminMembersService } from './admin-members.service';

/** Back-office members (spec 2 §7): owners and staff. */
@ApiTags('admin: members')
@Controller('admin')
@AdminRoles('owner', 'staff')
export class AdminMembersController {
  constructor(private readonly members: AdminMembersService) {}

  @Post('getUsersByPage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Members, newest first; keyword in phone, name, e-mail or account; page 20' })
  getUsersByPage(@Body() dto: AdminMembersPageDto): Promise<AdminUsersAnswer> {
    return this.members.page(dto);
  }
}

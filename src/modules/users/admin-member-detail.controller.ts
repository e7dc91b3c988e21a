import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminMemberDetailAnswer, AdminMemberNotesAnswer } from '../../common/api/admin';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { MemberBlockDto, MemberNoteDto } from './admin-member-detail.dto';
import { AdminMemberDetailService } from './admin-member-detail.service';

/** 會員管理 → one member (issue 21 §6): owners and staff (members are staff's; editors none). */
@ApiTags('admin: members')
@Controller('admin/members')
@AdminRoles('owner', 'staff')
export class AdminMemberDetailController {
  constructor(private readonly members: AdminMemberDetailService) {}

  @Get(':id')
  @ApiOperation({ summary: 'A member: profile, addresses, latest 20 orders and the total, points, reviews count, staff notes, block state' })
  detail(@Param('id', ParseIntPipe) id: number): Promise<AdminMemberDetailAnswer> {
    return this.members.detail(id);
  }

  @Post(':id/notes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a staff note (1–500 characters; never shown to the member); audited' })
  addNote(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: MemberNoteDto): Promise<AdminMemberNotesAnswer> {
    return this.members.addNote(admin, id, dto.content);
  }

  @Put(':id/block')
  @ApiOperation({ summary: '停權 (reason 2–100) / 解除停權: audited; blocking ends the member\'s sessions, login and ordering are refused' })
  block(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: MemberBlockDto): Promise<Envelope> {
    return this.members.setBlocked(admin, id, dto.blocked, dto.reason ?? '');
  }
}

import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { StaffAnswer, StaffListAnswer } from '../../common/api/admin';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { STAFF_MSG } from '../../common/validation/admin';
import { CreateStaffDto, StaffPasswordDto, UpdateStaffDto } from './dto/staff.dto';
import { StaffAuthService } from './staff-auth.service';
import { StaffService } from './staff.service';

/** Staff accounts (owner only). */
@ApiTags('admin')
@Controller('admin')
@AdminRoles('owner')
export class AdminStaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly auth: StaffAuthService,
  ) {}

  @Get('staff')
  @ApiOperation({ summary: 'Every back-office account (never a hash or a TOTP secret)' })
  async list(): Promise<StaffListAnswer> {
    return ok({ staff: await this.staff.list() });
  }

  @Post('staff')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds an account {username, display_name, role, password}' })
  async create(@CurrentAdmin() me: SessionAdmin, @Body() dto: CreateStaffDto, @Req() req: FastifyRequest): Promise<StaffAnswer> {
    return ok({ staff: await this.staff.create(me, dto, req.ip ?? '') }, STAFF_MSG.created);
  }

  @Put('staff/:id')
  @ApiOperation({ summary: 'Changes {display_name, role, is_active}; never yourself (role, disable) nor the last active owner; disabling ends its sessions' })
  async update(@CurrentAdmin() me: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateStaffDto, @Req() req: FastifyRequest): Promise<StaffAnswer> {
    return ok({ staff: await this.staff.update(me, id, dto, req.ip ?? '') }, STAFF_MSG.saved);
  }

  @Post('staff/:id/totp/reset')
  @HttpCode(200)
  @ApiOperation({ summary: "Turns an admin's two-factor off (lost phone); ends that admin's sessions" })
  async resetTotp(@CurrentAdmin() me: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Req() req: FastifyRequest): Promise<StaffAnswer> {
    if (id === me.id) throw new AppError(STAFF_MSG.notSelf);
    await this.auth.resetTotp(me, id, req.ip ?? '');
    const staff = (await this.staff.list()).find((s) => s.id === id);
    return ok({ staff: staff! }, STAFF_MSG.totpReset);
  }

  @Post('staff/:id/password')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets a new password {password}; ends that admin's sessions" })
  async password(@CurrentAdmin() me: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: StaffPasswordDto, @Req() req: FastifyRequest): Promise<StaffAnswer> {
    return ok({ staff: await this.staff.resetPassword(me, id, dto.password, req) }, STAFF_MSG.passwordReset);
  }
}

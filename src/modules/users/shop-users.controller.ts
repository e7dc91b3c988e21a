import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/auth/current-user.decorator';
import { MemberGuard } from '../../common/auth/member.guard';
import { assertOwnUserId } from '../../common/auth/ownership';
import type { SessionUser } from '../../common/auth/session-user';
import type { AddressesAnswer, UserAnswer } from '../../common/api/account';
import { ok } from '../../common/http/envelope';
import { AddressBookService } from './address-book.service';
import { UpdateAddressesDto } from './dto/update-addresses.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { ProfileService } from './profile.service';

/** Member profile and address book (spec 2 §7). The member is the session's; a body `user_id` must match. */
@ApiTags('account')
@Controller('user')
@UseGuards(MemberGuard)
export class ShopUsersController {
  constructor(
    private readonly profile: ProfileService,
    private readonly addresses: AddressBookService,
  ) {}

  @Post('updateUser')
  @HttpCode(200)
  @ApiOperation({ summary: 'Name (Chinese only), gender, birthday of the logged-in member' })
  async updateUser(@CurrentUser() me: SessionUser, @Body() dto: UpdateUserDto): Promise<UserAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    return ok({ user: await this.profile.update(me.id, dto) }, '更新成功');
  }

  @Post('updateAddresses')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replace the address book (1–10 rows, one default per shipping type)' })
  async updateAddresses(@CurrentUser() me: SessionUser, @Body() dto: UpdateAddressesDto): Promise<AddressesAnswer> {
    assertOwnUserId(dto.user_id, me.id);
    for (const row of dto.addresses) assertOwnUserId(row.user_id, me.id);
    return ok({ addresses: await this.addresses.replace(me.id, dto.addresses) }, '更新成功');
  }
}

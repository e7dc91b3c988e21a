import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressBookService } from './address-book.service';
import { AdminMemberDetailController } from './admin-member-detail.controller';
import { AdminMemberDetailService } from './admin-member-detail.service';
import { AdminMembersController } from './admin-members.controller';
import { AdminMembersService } from './admin-members.service';
import { Address } from './entities/address.entity';
import { MemberNote } from './entities/member-note.entity';
import { UserConfig } from './entities/user-config.entity';
import { UserIdentity } from './entities/user-identity.entity';
import { User } from './entities/user.entity';
import { ProfileService } from './profile.service';
import { ShopUsersController } from './shop-users.controller';
import { UsersService } from './users.service';

/** Members, their social identities, checkout defaults and address book; the back-office members list and member detail (notes, block). */
@Module({
  imports: [TypeOrmModule.forFeature([User, UserConfig, Address, UserIdentity, MemberNote])],
  controllers: [ShopUsersController, AdminMembersController, AdminMemberDetailController],
  providers: [UsersService, ProfileService, AddressBookService, AdminMembersService, AdminMemberDetailService],
  exports: [UsersService, AddressBookService],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressBookService } from './address-book.service';
import { AdminMembersController } from './admin-members.controller';
import { AdminMembersService } from './admin-members.service';
import { Address } from './entities/address.entity';
import { UserConfig } from './entities/user-config.entity';
import { UserIdentity } from './entities/user-identity.entity';
import { User } from './entities/user.entity';
import { ProfileService } from './profile.service';
import { ShopUsersController } from './shop-users.controller';
import { UsersService } from './users.service';

/** Members, their social identities, checkout defaults and address book; the back-office members list. */
@Module({
  imports: [TypeOrmModule.forFeature([User, UserConfig, Address, UserIdentity])],
  controllers: [ShopUsersController, AdminMembersController],
  providers: [UsersService, ProfileService, AddressBookService, AdminMembersService],
  exports: [UsersService, AddressBookService],
})
export class UsersModule {}

import { Injectable } from '@nestjs/common';
import { ProfileView } from './profile.view';
import { UsersService } from './users.service';

export interface ProfileInput {
  username: string;
  gender: '' | 'male' | 'female';
  birthday?: string | null;
}

/** Name, gender and birthday (spec 2 §2 profile; e-mail and phone change by code elsewhere). */
@Injectable()
export class ProfileService {
  constructor(private readonly users: UsersService) {}

  async update(userId: number, input: ProfileInput): Promise<ProfileView> {
    await this.users.updateProfile(userId, { username: input.username, gender: input.gender, birthday: input.birthday || null });
    return this.users.getProfile(userId);
  }
}

import { IsIn, IsOptional } from 'class-validator';
import type { NotifyChannel } from '../../common/api/preferences';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { REACH_MSG } from '../../common/validation/reach-rules';

/** `PUT /api/member/preferences`: any of the three; the member is the session's. */
export class UpdatePreferencesDto {
  @IsOptional()
  @IsIn(['line', 'sms', 'email'], { message: REACH_MSG.badChannel })
  notify_channel?: NotifyChannel;

  @IsOptional()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  marketing_email?: 0 | 1;

  @IsOptional()
  @IsIn([0, 1], { message: GENERIC_BAD_REQUEST })
  marketing_line?: 0 | 1;
}

import { Transform } from 'class-transformer';
import { IsBoolean, IsString, Length, ValidateIf } from 'class-validator';
import { Trim } from '../../common/validation/decorators';

/** Member admin messages (issue 21 §6; the spec gives none: ours). */
export const MEMBER_ADMIN_MSG = {
  notFound: '找不到會員',
  noteRequired: '請輸入備註內容（最多 500 字）',
  noteAdded: '已新增備註',
  reasonRequired: '請填寫停權原因（2–100 字）',
  blockedFlag: '請選擇停權或解除停權',
  blocked: '已停權',
  unblocked: '已解除停權',
} as const;

/** `POST /api/admin/members/{id}/notes` { content 1–500 }. */
export class MemberNoteDto {
  @Trim()
  @Length(1, 500, { message: MEMBER_ADMIN_MSG.noteRequired })
  @IsString({ message: MEMBER_ADMIN_MSG.noteRequired })
  content: string;
}

/** `PUT /api/admin/members/{id}/block` { blocked, reason (2–100 when blocking) }. */
export class MemberBlockDto {
  @Transform(({ value }: { value: unknown }) => (value === 1 || value === '1' || value === 'true' ? true : value === 0 || value === '0' || value === 'false' ? false : value))
  @IsBoolean({ message: MEMBER_ADMIN_MSG.blockedFlag })
  blocked: boolean;

  @Trim()
  @ValidateIf((o: MemberBlockDto) => o.blocked === true || (o.reason !== undefined && o.reason !== ''))
  @Length(2, 100, { message: MEMBER_ADMIN_MSG.reasonRequired })
  @IsString({ message: MEMBER_ADMIN_MSG.reasonRequired })
  reason?: string;
}

import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';

/** GET /api/admin/auditLogs?limit&offset&entity&entity_id&admin_id */
export class AuditLogsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @Max(200, { message: GENERIC_BAD_REQUEST })
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: GENERIC_BAD_REQUEST })
  @Min(0, { message: GENERIC_BAD_REQUEST })
  offset?: number;

  @IsOptional()
  @IsString({ message: GENERIC_BAD_REQUEST })
  @MaxLength(40, { message: GENERIC_BAD_REQUEST })
  entity?: string;

  @IsOptional()
  @IsString({ message: GENERIC_BAD_REQUEST })
  @MaxLength(64, { message: GENERIC_BAD_REQUEST })
  entity_id?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: GENERIC_BAD_REQUEST })
  admin_id?: number;
}

import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /api/load/versions` — field `settionsVersion` is spelt so by existing clients. */
export class VersionsDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  cartVersion?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  settionsVersion?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  localPostersVersion?: string;
}

import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Min, ValidateIf } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { AI_MODES, EDIT_TYPES, type AiMode, type EditType } from '../../../common/validation/admin-editor';
import { ToWholeNumber } from '../../../common/validation/decorators';

const HTML_NAME = /^[A-Za-z0-9_-]{1,50}$/;
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

/** Which HTML: a product's detail (`product_id`) or an HTML page (`htmlname` = its html_type). */
export class EditTargetQuery {
  @IsIn([...EDIT_TYPES], { message: GENERIC_BAD_REQUEST })
  edittype: EditType;

  @ValidateIf((o: EditTargetQuery) => o.edittype === 'product')
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  product_id?: number;

  @ValidateIf((o: EditTargetQuery) => o.edittype === 'htmlpage')
  @Matches(HTML_NAME, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  htmlname?: string;
}

/** `POST /api/admin/savehtml {edittype, product_id, htmlname, vpage, html}`. */
export class SaveHtmlDto extends EditTargetQuery {
  /** The editor's page marker; kept for the spec's shape, not used by the server. */
  @IsOptional()
  vpage?: unknown;

  @IsString({ message: GENERIC_BAD_REQUEST })
  html: string;
}

/** `POST /api/admin/ai/rewrite {content, mode}`. */
export class AiRewriteDto {
  /** Checked by the service (empty → 請輸入內容). */
  @IsOptional()
  @IsString({ message: GENERIC_BAD_REQUEST })
  content?: string;

  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn([...AI_MODES], { message: GENERIC_BAD_REQUEST })
  mode?: AiMode;
}

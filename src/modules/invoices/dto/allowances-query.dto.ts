import { IsInt, Max, Min } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { ToWholeNumber } from '../../../common/validation/decorators';

/** `GET /api/admin/invoiceAllowances?order_id=`. */
export class AllowancesQueryDto {
  @ToWholeNumber()
  @Max(2147483647, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;
}

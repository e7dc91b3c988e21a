import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { ToWholeNumber, Trim } from '../../../common/validation/decorators';
import { SHIPPING_MSG } from '../shipping-pages';

/** '' and null mean "not given" (the screen sends '' for a field it leaves to the server's default). */
const blankToUndefined = () => Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value));
const IfGiven = () => ValidateIf((_o: object, v: unknown) => v !== undefined);
/** A code as clients send it, 2 or "2": a whole number becomes its string; '' and null mean "not given". Anything else is checked as sent. */
const codeOrBlank = () =>
  Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value));

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * `POST /api/admin/createShippingOrder` (spec 2 §7: order_id, ship_trade_no, lgsType, shipType,
 * goodsType, shipDate, deliveryDate, spec, hideProdDesc, labelMode, memo). Everything but the
 * order is optional: the server applies the defaults per shipping method. Codes
 * (shipType, goodsType, spec, labelMode) are taken as strings or whole numbers: 2 and "2", as
 * clients send both; anything else (1.5, "x", true) is refused.
 */
export class CreateShippingOrderDto {
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;

  /** The order's shipment number as the screen shows it (spec 2 §7); the order's live ticket answers, if any. */
  @blankToUndefined()
  @IfGiven()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  ship_trade_no?: string;

  @blankToUndefined()
  @IfGiven()
  @IsIn(['C2C', 'HOME'], { message: GENERIC_BAD_REQUEST })
  lgsType?: string;

  @codeOrBlank()
  @IfGiven()
  @IsIn(['1', '2'], { message: GENERIC_BAD_REQUEST })
  shipType?: string;

  /** 1 ambient, 2 frozen, 3 chilled (HOME only). */
  @codeOrBlank()
  @IfGiven()
  @IsIn(['1', '2', '3'], { message: GENERIC_BAD_REQUEST })
  goodsType?: string;

  @blankToUndefined()
  @IfGiven()
  @Matches(DAY, { message: SHIPPING_MSG.badDate })
  @IsString({ message: SHIPPING_MSG.badDate })
  shipDate?: string;

  @blankToUndefined()
  @IfGiven()
  @Matches(DAY, { message: SHIPPING_MSG.badDate })
  @IsString({ message: SHIPPING_MSG.badDate })
  deliveryDate?: string;

  /** Package size: 1 60 cm, 2 90, 3 120, 4 150 (ambient only). */
  @codeOrBlank()
  @IfGiven()
  @IsIn(['1', '2', '3', '4'], { message: GENERIC_BAD_REQUEST })
  spec?: string;

  @blankToUndefined()
  @IfGiven()
  @IsIn(['Y', 'N'], { message: GENERIC_BAD_REQUEST })
  hideProdDesc?: string;

  @codeOrBlank()
  @IfGiven()
  @IsIn(['1', '2'], { message: GENERIC_BAD_REQUEST })
  labelMode?: string;

  @Trim()
  @blankToUndefined()
  @IfGiven()
  @MaxLength(255, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  memo?: string;
}

/** `POST /api/admin/getShippingTicket {ticket_id}` (the screen polls a pending ticket). */
export class ShippingTicketDto {
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  ticket_id: number;
}

/** `POST /api/admin/markShipped {order_id, carrier, tracking_no}` (全家 / 萊爾富 by hand). */
export class MarkShippedDto {
  @ToWholeNumber()
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  order_id: number;

  @Trim()
  @MaxLength(20, { message: SHIPPING_MSG.carrierRequired })
  @Matches(/\S/, { message: SHIPPING_MSG.carrierRequired })
  @IsString({ message: SHIPPING_MSG.carrierRequired })
  carrier: string;

  @Trim()
  @Matches(/^[A-Za-z0-9-]{4,30}$/, { message: SHIPPING_MSG.trackingInvalid })
  @IsString({ message: SHIPPING_MSG.trackingInvalid })
  tracking_no: string;
}

/** `POST /api/admin/getShippingStatus {ship_trade_no, shipping}` (spec 2 §7). */
export class ShippingStatusDto {
  @Trim()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: SHIPPING_MSG.shipmentNotFound })
  @IsString({ message: SHIPPING_MSG.shipmentNotFound })
  ship_trade_no: string;

  /** The order's shipping method id (1 7-11 … 5 離島); the ticket's own type decides. */
  @blankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @IsInt({ message: GENERIC_BAD_REQUEST })
  shipping?: number;
}

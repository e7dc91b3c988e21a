import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { CvsMapAnswer, PickedStore } from '../../common/api/orders';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { payuniFormMarkup } from '../../integrations/payuni/payuni-client';
import { CallbackForm, PayuniCallbackError, PayuniError } from '../../integrations/payuni/payuni-gateway';
import type { PayuniLogistics } from '../../integrations/payuni/payuni-logistics';
import { PAYUNI_LOGISTICS } from '../../integrations/providers/provider-tokens';

/** Where the store map posts the chosen store; `?m=1` for the phone layout. */
export const CVS_MAP_RETURN_PATH = '/api/logistics/cvs-map/return';

/** The id of the map form in `formHtml`. */
export const CVS_MAP_FORM_ID = 'cvsMapForm';

/**
 * The PAYUNi 7-ELEVEN store map (C2C pickup): the signed form that opens it, and the store it
 * posts back (verified: HashInfo, MerID, then decrypted). Nothing is stored: the store travels
 * to the checkout form, which sends it with the order.
 */
@Injectable()
export class CvsMapService {
  private readonly log = new Logger('CvsMap');

  constructor(@Inject(PAYUNI_LOGISTICS) private readonly payuni: PayuniLogistics) {}

  /** The map form for a member's checkout; `origin` is the shop's public origin. */
  mapForm(origin: string, mobile: boolean): CvsMapAnswer {
    try {
      const form = this.payuni.shipMapForm({
        // Our id of this map request (≤ 20): nothing refers to it later.
        merKeyNo: `M${randomBytes(9).toString('base64url')}`,
        lgsType: 'C2C',
        goodsType: 1,
        // Main island: the shop's 7-11 fee is the main-island one (offshore buyers: 離島宅配).
        mapType: 1,
        mapReturnUrl: `${origin}${CVS_MAP_RETURN_PATH}${mobile ? '?m=1' : ''}`,
        mobile,
        origin,
      });
      const body: Record<string, string> = { ...form.body };
      return ok({ formHtml: payuniFormMarkup(form, { id: CVS_MAP_FORM_ID }), go_url: form.go_url, body });
    } catch (e) {
      if (!(e instanceof PayuniError)) throw e;
      this.log.warn(`store map form refused: ${e.message}`);
      throw new AppError(CHECKOUT_MSG.mapFailed, HttpStatus.BAD_GATEWAY, { payuniMsg: e.message });
    }
  }

  /** The store of a MapReturnURL post, or null when the post is refused (logged with the reason). */
  pickedStore(form: CallbackForm): PickedStore | null {
    try {
      const store = this.payuni.parseMapReturn(form);
      return { store_id: store.storeId, store_name: store.storeName, store_addr: store.storeAddr };
    } catch (e) {
      if (!(e instanceof PayuniCallbackError)) throw e;
      this.log.warn(`store map post refused (${e.reason}): ${e.message}`);
      return null;
    }
  }
}

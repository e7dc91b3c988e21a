import { Injectable } from '@nestjs/common';

/**
 * The 購物金 ledger (issue 21 §1). CONTRACT STUB written by the lead: the rewards helper implements it.
 * Other modules reach it at run time (ModuleRef.get(PointsService, { strict: false })) where importing
 * RewardsModule would be circular.
 */
@Injectable()
export class PointsService {
  /** Balance, pending and the tier's name of a member (zeros and the first tier for a member without points). */
  summary(_userId: number): Promise<{ balance: number; pending: number; tier: string }> {
    throw new Error('not implemented yet');
  }
}

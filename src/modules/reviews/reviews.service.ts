import { Injectable } from '@nestjs/common';

/** Reviews (issue 21 §4). CONTRACT STUB written by the lead: the reviews helper implements it. */
@Injectable()
export class ReviewsService {
  /** How many reviews a member wrote (any state), for the admin member detail. */
  countByUser(_userId: number): Promise<number> {
    throw new Error('not implemented yet');
  }
}

import { BID_REFUSALS, type BidRefusalCode } from '@spirit/domain/bids/bids.constants';
import { AppError } from '../../lib/errors.js';

/** A bid refusal as the envelope carries it: the stable code, its status and message (bids.constants.ts). */
export function bidError(code: BidRefusalCode): AppError {
  const r = BID_REFUSALS[code];
  return new AppError(code, r.status, r.message);
}

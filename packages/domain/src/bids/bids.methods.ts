// Bids: negotiation, the two-sided approval chain and its step-up codes (spec 001 §7; issue 9). The order-named calls
// are the spec's other names for the same services (DESIGN.md §4): an order is a bid.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import {
  bidActionSchema,
  bidDetailSchema,
  createBidSchema,
  generateUserOTPResultSchema,
  generateUserOTPSchema,
  getAllBidsResultSchema,
  getAllBidsSchema,
  awaitingBidCountSchema,
  getAwaitingBidCountSchema,
  getBidByIdSchema,
  negotiateBidSchema,
  updateBidSchema,
  verifyOTPResultSchema,
  verifyOTPSchema,
} from './bids.schemas.js';
import {
  approveOrderSchema,
  createOrderSchema,
  getAllOrderDetailsSchema,
  getOrderByIdSchema,
  updateOrderSchema,
} from './orders.schemas.js';

const ALIAS = 'Spec name of';

export const BID_METHODS = {
  createBid: {
    body: createBidSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.createBid,
    summary: 'Place a bid joining the caller’s listing and a counterparty’s (its distillery’s Negotiator; captcha)',
  },
  negotiateBid: {
    body: negotiateBidSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.negotiateBid,
    summary: 'Counter a bid with new terms and a new validity (either side’s Negotiator; captcha; `version` seen)',
  },
  bidAction: {
    body: bidActionSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.bidAction,
    summary:
      'Accept (Negotiator), approve (Authorizer, then Approver) or reject with a comment; needs the approval window ' +
      'opened by verifyOTP. The sixth approval issues the trade reference and commits both listings’ quantity',
  },
  getAllBids: {
    body: getAllBidsSchema,
    data: getAllBidsResultSchema,
    access: METHOD_ACCESS.getAllBids,
    summary:
      'The company’s bids (by listing, status, awaiting the caller), or the market’s open non-confidential bids; ' +
      'counterparty names masked until Approved. The SuperAdmin lists every approved trade (`bid_status` Approved)',
  },
  getAwaitingBidCount: {
    body: getAwaitingBidCountSchema,
    data: awaitingBidCountSchema,
    access: METHOD_ACCESS.getAwaitingBidCount,
    summary:
      'How many live bids wait for the caller’s own tier on its side (getAllBids `awaiting_me`), counted up to 99: ' +
      'the menu’s “Waiting for me” badge',
  },
  getBidById: {
    body: getBidByIdSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.getBidById,
    summary:
      'A bid of the caller’s company with its history, flags, available quantities and what the caller may do; ' +
      'the SuperAdmin reads approved trades. Fee rates: the caller’s side only (both for the SuperAdmin)',
  },
  updateBid: {
    body: updateBidSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.updateBid,
    summary:
      'Attach (or replace) the sale order of an approved trade: a file uploaded with `purpose=sale_order` by the ' +
      'seller company’s Admin or a user mapped to the seller distillery; the earlier file is kept',
  },
  generateUserOTP: {
    body: generateUserOTPSchema,
    data: generateUserOTPResultSchema,
    access: METHOD_ACCESS.generateUserOTP,
    summary: 'Mail a 6-digit approval code to the caller (valid 5 minutes, one use, 5 tries; another after 60 s)',
  },
  verifyOTP: {
    body: verifyOTPSchema,
    data: verifyOTPResultSchema,
    access: METHOD_ACCESS.verifyOTP,
    summary: 'Check the approval code and open a 10-minute approval window on the caller’s session',
  },
  createOrder: {
    body: createOrderSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.createOrder,
    summary: `${ALIAS} createBid: \`inventory_id\` is the counterparty listing, \`order_price\`/\`order_quantity\` the terms`,
  },
  updateOrder: {
    body: updateOrderSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.updateOrder,
    summary: `${ALIAS} negotiateBid: \`order_id\` is the bid`,
  },
  approveOrder: {
    body: approveOrderSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.approveOrder,
    summary: `${ALIAS} bidAction: \`approval_status\` false rejects; the tier comes from the session, not \`approval_type\``,
  },
  getAllOrderDetails: {
    body: getAllOrderDetailsSchema,
    data: getAllBidsResultSchema,
    access: METHOD_ACCESS.getAllOrderDetails,
    summary: `${ALIAS} getAllBids: with a company id the company’s bids (My Bids), without one the market’s current bids`,
  },
  getOrderById: {
    body: getOrderByIdSchema,
    data: bidDetailSchema,
    access: METHOD_ACCESS.getOrderById,
    summary: `${ALIAS} getBidById: \`order_id\` is the bid`,
  },
} as const satisfies Record<string, MethodSpec>;

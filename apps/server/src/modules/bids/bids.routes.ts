import { BID_MESSAGES } from '@spirit/domain/bids/bids.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod, type Limit } from '../../http/registry.js';
import { listEtag } from '../../lib/change-stamp.js';
import { bidEtag, bidPageEtag } from './bids.etag.js';
import * as reads from './bids.read.js';
import { attachSaleOrder } from './bids.sale-order.js';
import * as bids from './bids.service.js';
import * as stepUp from './bids.step-up.js';

const MINUTE = 60_000;

/** When an open bid's detail next changes by time alone: its lapse. */
const userKey = (req: { actor: { userId: number } | null }) => String(req.actor?.userId ?? '');

// Codes are mailed: every request counts, per user across addresses (the 60 s resend rule is the service's).
const codeRequestLimits: Limit[] = [{ scope: 'approval-code-user', max: 10, timeWindow: 15 * MINUTE, key: userKey }];
// Wrong codes, per user: five spend a code, and these bound how fast fresh codes can be guessed at.
const verifyLimits: Limit[] = [
  { scope: 'approval-verify-failures', max: 20, timeWindow: 15 * MINUTE, key: userKey, countStatus: 400 },
];

const ACTION_MESSAGES = {
  accept: BID_MESSAGES.accepted,
  approve: BID_MESSAGES.approved,
  reject: BID_MESSAGES.rejected,
};
const actionMessage = (isApproved: boolean, tier: string | undefined) =>
  ACTION_MESSAGES[!isApproved ? 'reject' : tier === 'negotiator' ? 'accept' : 'approve'];

export function bidsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const create = async ({ body, actor }: { body: Parameters<typeof bids.place>[2]; actor: unknown }) => ({
    message: BID_MESSAGES.placed,
    data: await bids.place(deps, actor as never, body),
  });
  defineMethod(app, 'createBid', ({ body, actor }) => create({ body, actor }));
  defineMethod(app, 'createOrder', ({ body, actor }) => create({ body, actor }));

  const negotiate = async ({ body, actor }: { body: Parameters<typeof bids.negotiate>[2]; actor: unknown }) => ({
    message: BID_MESSAGES.countered,
    data: await bids.negotiate(deps, actor as never, body),
  });
  defineMethod(app, 'negotiateBid', ({ body, actor }) => negotiate({ body, actor }));
  defineMethod(app, 'updateOrder', ({ body, actor }) => negotiate({ body, actor }));

  const act = async ({ body, actor }: { body: Parameters<typeof bids.act>[2]; actor: unknown }) => {
    const data = await bids.act(deps, actor as never, body);
    return { message: actionMessage(body.is_approved, data.actor?.tier), data };
  };
  defineMethod(app, 'bidAction', ({ body, actor }) => act({ body, actor }));
  defineMethod(app, 'approveOrder', ({ body, actor }) => act({ body, actor }));

  // Polled lists and the menu's count answer an unchanged poll 304 (bids.etag.ts).
  defineMethod(
    app,
    'getAllBids',
    async ({ body, actor }) => ({ data: await reads.list(deps, actor!, body) }),
    bidPageEtag,
  );
  defineMethod(
    app,
    'getAllOrderDetails',
    async ({ body, actor }) => ({ data: await reads.list(deps, actor!, body) }),
    bidPageEtag,
  );
  defineMethod(
    app,
    'getAwaitingBidCount',
    async ({ actor }) => ({ data: await reads.awaitingCount(deps, actor!) }),
    listEtag,
  );
  defineMethod(
    app,
    'getBidById',
    async ({ body, actor }) => ({ data: await reads.get(deps, actor!, body.bid_id) }),
    bidEtag,
  );
  defineMethod(
    app,
    'getOrderById',
    async ({ body, actor }) => ({ data: await reads.get(deps, actor!, body.bid_id) }),
    bidEtag,
  );

  defineMethod(app, 'updateBid', async ({ body, actor }) => ({
    message: BID_MESSAGES.saleOrderSaved,
    data: await attachSaleOrder(deps, actor!, body),
  }));

  defineMethod(
    app,
    'generateUserOTP',
    async ({ actor }) => ({ message: BID_MESSAGES.otpSent, data: await stepUp.generate(deps, actor!) }),
    // Per address too, generously: a company's approvers may share one office address.
    { rateLimit: { max: 100, timeWindow: '15 minutes' }, limits: codeRequestLimits },
  );
  defineMethod(
    app,
    'verifyOTP',
    async ({ body, actor }) => ({
      message: BID_MESSAGES.otpVerified,
      data: await stepUp.verify(deps, actor!, body.otp),
    }),
    { rateLimit: { max: 200, timeWindow: '15 minutes' }, limits: verifyLimits },
  );
}

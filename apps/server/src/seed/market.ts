// The demo market: every demo distillery's offers and asks, and the platform's fee rates.
import { currentPeriod } from '@spirit/domain/listings/listings.rules';
import { feeFormSchema } from '@spirit/domain/fees/fees.schemas';
import { eq } from 'drizzle-orm';
import type { Actor } from '../lib/actor.js';
import { create as createFee } from '../modules/fees/fees.service.js';
import { create as createListing } from '../modules/listings/listings.service.js';
import { users } from '../modules/users/users.table.js';
import type { Deps } from '../types.js';
import { actorOf, type DemoCompany } from './demo.js';
import type { seedTeam } from './teams.js';

const BASE_PRICE: Record<string, number> = {
  'Molasses ENA': 62,
  'Molasses RS': 55,
  'Grain ENA': 74,
  'Grain Tripple Distilled ENA': 82,
  Molasses: 14,
  'Malt Spirit': 110,
  'Grape Spirit': 96,
  'Rum Spirit': 68,
};

/**
 * The demo market: every product of each demo company at each of its distilleries, posted by the distillery's
 * Negotiator through the listings service, over periods that start this month, so every demo Negotiator sees
 * possible counterparties at once. Prices and fees vary by company and distillery, so the landed ranking differs
 * from the price ranking.
 */
export async function seedMarket(
  deps: Deps,
  c: DemoCompany,
  index: number,
  companyId: number,
  team: Awaited<ReturnType<typeof seedTeam>>,
) {
  const period = currentPeriod(deps.now());
  for (const [i, distilleryId] of team.distilleryIds.entries()) {
    const negotiatorId = i === 2 ? team.negotiator2 : team.negotiator;
    const user = (await deps.db.select().from(users).where(eq(users.id, negotiatorId)))[0]!;
    const actor: Actor = { ...actorOf(user, companyId, c), roles: ['Negotiator'] };
    for (const [p, product] of c.spirits.entries()) {
      const step = (index * 7 + i * 3 + p) % 9; // 0–8, a spread of prices and fees
      const price = BASE_PRICE[product]! * (c.type === 'Seller' ? 1 : 0.96) + step * 0.75 - 3;
      const common = {
        from_period: addMonths(period, step % 2),
        to_period: addMonths(period, 3 + (step % 4)),
        state: i === 1 ? c.otherState : c.state,
        distillery_id: distilleryId,
        product,
        offer_quantity: (20_000 + step * 5_000 + p * 2_500).toFixed(1),
        offer_price: price.toFixed(2),
      };
      const fees =
        c.type === 'Seller'
          ? { export_pass_fee: (0.5 + (step % 4) * 0.5).toFixed(2), sales_tax: [5, 12, 18][step % 3]! }
          : {
              import_pass_fee: (1 + (step % 3) * 0.5).toFixed(2),
              transit_permit_fee: '0.50',
              escort_fee: (0.25 * (step % 3)).toFixed(2),
              corporation_fee: (1 + (step % 2)).toFixed(2),
              misc_handling: '0.20',
              transportation: (2 + (step % 5) * 0.75).toFixed(2),
            };
      await createListing(deps, actor, { ...common, ...fees });
    }
  }
}

function addMonths(period: string, months: number) {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Type-wide rates for both sides, and for each side one company + product override. */
export async function seedFees(deps: Deps, superAdmin: Actor, companyIds: Map<string, number>) {
  const rates = [
    { company_type: 'Seller', commission_amount: 1, state_gst: 9, central_gst: 9 },
    { company_type: 'Buyer', commission_amount: 1.25, state_gst: 9, central_gst: 9 },
    {
      company_type: 'Seller',
      company_id: companyIds.get('Deccan Distilleries'),
      product: 'Molasses ENA',
      commission_amount: 0.75,
      state_gst: 9,
      central_gst: 9,
    },
    {
      company_type: 'Buyer',
      company_id: companyIds.get('Punjab Bottling Company'),
      product: 'Grain ENA',
      commission_amount: 1,
      state_gst: 6,
      central_gst: 6,
    },
  ];
  for (const rate of rates) await createFee(deps, superAdmin, feeFormSchema.parse(rate));
}

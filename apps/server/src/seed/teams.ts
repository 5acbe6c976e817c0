// A demo company's people and places: its users with the demo password, distilleries and mappings.
import { distilleryFormSchema } from '@spirit/domain/distilleries/distilleries.schemas';
import { mappingFormSchema } from '@spirit/domain/mappings/mappings.schemas';
import { eq } from 'drizzle-orm';
import { voidInvitations } from '../modules/auth/auth.repository.js';
import { create as createDistillery } from '../modules/distilleries/distilleries.service.js';
import { create as createMapping } from '../modules/mappings/mappings.service.js';
import { addUser } from '../modules/users/users.admin.service.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import { users } from '../modules/users/users.table.js';
import type { Deps } from '../types.js';
import { textPdf } from './demo-files.js';
import { DEMO_STAFF, actorOf, domainOf, demoGst, type DemoCompany } from './demo.js';

/** A one-page PDF standing in for a scanned PAN card. */
export const demoPanPdf = (company: string): Buffer => textPdf([`PAN card of ${company} (demo)`]);

const LICENCE_PREFIX: Record<string, string> = {
  Maharashtra: 'MHA',
  'Uttar Pradesh': 'UPL',
  Karnataka: 'KAR',
  Punjab: 'PBL',
  'West Bengal': 'WBL',
  Rajasthan: 'RJL',
  Goa: 'GAL',
  Haryana: 'HRL',
  'Tamil Nadu': 'TNL',
};

/**
 * Demo users get the known demo password directly. The link their approval or invitation mail carried is voided:
 * the mail stays in the outbox and the log, and must not be a way to replace the documented password.
 */
export async function giveDemoPassword(deps: Deps, userId: number, demoHash: string) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: demoHash, is_active: true }).where(eq(users.id, userId));
    await voidInvitations(tx, userId, deps.now());
  });
}

/**
 * A demo company's team, through the same services an Admin uses: four users (active, with the demo password),
 * three distilleries in two states, a centralized group of two and a de-centralized mapping of the third.
 */
export async function seedTeam(deps: Deps, c: DemoCompany, index: number, companyId: number, demoHash: string) {
  const admin = (await findUserByEmail(deps.db, c.email))!;
  const actor = actorOf(admin, companyId, c);
  // The demo users get the known demo password instead of an invitation mail.
  const quiet: Deps = { ...deps, mailer: { send: async () => {}, flush: async () => {} } };
  const staff: number[] = [];
  for (const [i, s] of DEMO_STAFF.entries()) {
    const { id } = await addUser(quiet, actor, {
      email: `${s.local}@${domainOf(c)}`,
      name: c.people[i]!,
      mobile_number: `98${String(index).padStart(2, '0')}0000${String(i).padStart(2, '0')}`,
    });
    await giveDemoPassword(deps, id, demoHash);
    staff.push(id);
  }
  const distilleryIds: number[] = [];
  for (const [i, town] of c.towns.entries()) {
    const state = i === 1 ? c.otherState : c.state;
    const form = distilleryFormSchema.parse({
      name: `${town} Distillery`,
      address: `Industrial Area, ${town}`,
      state,
      license_number: `${LICENCE_PREFIX[state] ?? 'DST'}/${10_000 + index * 10 + i}/2025`,
      gst_number: demoGst(state, c.pan),
    });
    distilleryIds.push((await createDistillery(deps, actor, form)).id);
  }
  const [negotiator, authorizer, approver, negotiator2] = staff as [number, number, number, number];
  await createMapping(
    deps,
    actor,
    mappingFormSchema.parse({
      type: 'Centralized',
      name: `${c.name.split(' ')[0]} Central Group`,
      distilleries: distilleryIds.slice(0, 2),
      negotiator,
      authorizer,
      approver,
    }),
  );
  await createMapping(
    deps,
    actor,
    mappingFormSchema.parse({
      type: 'Decentralized',
      distilleries: [distilleryIds[2]],
      negotiator: negotiator2,
      authorizer,
      approver,
    }),
  );
  return { negotiator, negotiator2, distilleryIds };
}

/** Ex-distillery prices (₹/L) the demo market moves around, per product. */

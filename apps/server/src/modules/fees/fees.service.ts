// Platform service fee rates (DESIGN.md §4 "Service fees"): the SuperAdmin keeps them; trades take the most
// specific one that applies.
import { SPIRIT_NAMES } from '@spirit/domain/companies/companies.constants';
import type { ListQuery } from '@spirit/domain/common/list.schemas';
import { FEE_MESSAGES, type Fee, type feeFormSchema } from '@spirit/domain/fees/fees.schemas';
import { pickRate } from '@spirit/domain/fees/fees.rules';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { onUniqueViolation } from '../../lib/db-errors.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import type { Deps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import {
  findFee,
  isApprovedCompanyOfType,
  listFees,
  lockFee,
  candidateRates,
  scopeTaken,
  type FeeRow,
  type RateTarget,
  type FeeScope,
} from './fees.repository.js';
import { feeRates } from './fees.table.js';

type Form = z.output<typeof feeFormSchema>;

const feeNotFound = () => notFound('fee.not_found', FEE_MESSAGES.notFound);
const duplicate = () => conflict('fee.duplicate', FEE_MESSAGES.duplicate);

export function toFee(row: FeeRow, companyName: string | null): Fee {
  return {
    id: row.id,
    company_type: row.company_type,
    company_id: row.company_id,
    company_name: companyName,
    product: row.product,
    commission_amount: row.commission_amount,
    state_gst: row.state_gst,
    central_gst: row.central_gst,
    modified_on: row.modified_on.toISOString(),
  };
}

/** The stored form: an empty product means "every product"; amounts with their two decimals. */
function valuesOf(form: Form) {
  return {
    company_type: form.company_type,
    company_id: form.company_id ?? null,
    product: form.product || null,
    commission_amount: form.commission_amount.toFixed(2),
    state_gst: form.state_gst.toFixed(2),
    central_gst: form.central_gst.toFixed(2),
  };
}

async function checkScope(tx: Tx, scope: FeeScope, exceptId?: number) {
  if (scope.product !== null && !SPIRIT_NAMES.includes(scope.product)) {
    throw invalidField('product', FEE_MESSAGES.unknownProduct);
  }
  if (scope.company_id !== null && !(await isApprovedCompanyOfType(tx, scope.company_id, scope.company_type))) {
    throw invalidField('company_id', FEE_MESSAGES.companyType);
  }
  if (await scopeTaken(tx, scope, exceptId)) throw duplicate();
}

async function read(tx: Tx, id: number): Promise<Fee> {
  const found = await findFee(tx, id);
  if (!found) throw feeNotFound();
  return toFee(found.rate, found.company_name);
}

export async function list(deps: Deps, q: ListQuery) {
  const page = await listFees(deps.db, q);
  return { records: page.records.map((r) => toFee(r.rate, r.company_name)), totalRecords: page.totalRecords };
}

export async function get(deps: Deps, id: number): Promise<Fee> {
  return read(deps.db, id);
}

export async function create(deps: Deps, actor: Actor, form: Form): Promise<Fee> {
  const values = valuesOf(form);
  const now = deps.now();
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      await checkScope(tx, values);
      const [row] = await tx
        .insert(feeRates)
        .values({ ...values, created_at: now, modified_on: now })
        .returning();
      await audit(tx, {
        actorUserId: actor.userId,
        companyId: row!.company_id,
        action: 'fee.created',
        objectType: 'fee',
        objectId: row!.id,
        after: values,
      });
      return read(tx, row!.id);
    }),
    { fee_rates_scope_idx: duplicate },
  );
}

export async function update(deps: Deps, actor: Actor, input: Form & { id: number }): Promise<Fee> {
  const values = valuesOf(input);
  return onUniqueViolation(
    deps.db.transaction(async (tx) => {
      const before = await lockFee(tx, input.id);
      if (!before) throw feeNotFound();
      await checkScope(tx, values, input.id);
      await tx
        .update(feeRates)
        .set({ ...values, modified_on: deps.now() })
        .where(eq(feeRates.id, input.id));
      const { id: _id, created_at: _c, modified_on: _m, ...kept } = before;
      await audit(tx, {
        actorUserId: actor.userId,
        companyId: values.company_id ?? before.company_id,
        action: 'fee.updated',
        objectType: 'fee',
        objectId: input.id,
        before: kept,
        after: values,
      });
      return read(tx, input.id);
    }),
    { fee_rates_scope_idx: duplicate },
  );
}

/** The rate that applies to a company's trade in a product: the most specific one (fees.rules pickRate). */
export async function applicableRate(deps: Deps, target: RateTarget, tx: Tx = deps.db): Promise<FeeRow | null> {
  return (await applicableRates(deps, [target], tx))[0]!;
}

/** `applicableRate` of several targets (a trade's buyer and seller) in one statement. */
export async function applicableRates(
  deps: Deps,
  targets: readonly RateTarget[],
  tx: Tx = deps.db,
): Promise<(FeeRow | null)[]> {
  const candidates = await candidateRates(tx, targets);
  return targets.map((target) => pickRate(candidates, target));
}

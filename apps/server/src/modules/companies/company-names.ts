// Companies' and distilleries' shown names as a list shows them: kept in the process's record memo
// (lib/record-memo.ts) under the names epoch they were read at (migration 0037: raised in the transaction of every
// rename). A list reads the epoch with its page instead of joining a company or a distillery to every row, and takes
// the names from the memo; the ones it does not hold are read by id in one statement. A key names the epoch, so a
// rename makes new keys and no name is ever stale: nothing to forget on writes, in this process or another.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alwaysGeneric, fixedStatement } from '../../db/statements.js';
import { epochTexts, type RecordMemo } from '../../lib/record-memo.js';
import { distilleries } from '../distilleries/distilleries.table.js';
import { companies, shownName } from './companies.table.js';
import { currentNamesEpoch } from './names-epoch.table.js';

const byIds = sql`= any(${sql.placeholder('ids')}::int[])`;

const companyNamesStatement = fixedStatement(
  (tx: Tx) =>
    tx
      .select({ id: companies.id, text: shownName(companies), epoch: currentNamesEpoch })
      .from(companies)
      .where(sql`${companies.id} ${byIds}`),
  alwaysGeneric,
);

const distilleryNamesStatement = fixedStatement(
  (tx: Tx) =>
    tx
      .select({ id: distilleries.id, text: distilleries.name, epoch: currentNamesEpoch })
      .from(distilleries)
      .where(sql`${distilleries.id} ${byIds}`),
  alwaysGeneric,
);

/** The shown names of the companies `ids` as at `epoch` (lib/record-memo.ts `epochTexts`). */
export const shownNames = (tx: Tx, memo: RecordMemo, epoch: number, ids: Iterable<number>) =>
  epochTexts(memo, { kind: 'company-name', epoch }, ids, (missing) =>
    companyNamesStatement(tx).execute({ ids: missing }),
  );

/** The names of the distilleries `ids` as at `epoch` (lib/record-memo.ts `epochTexts`). */
export const distilleryNames = (tx: Tx, memo: RecordMemo, epoch: number, ids: Iterable<number>) =>
  epochTexts(memo, { kind: 'distillery-name', epoch }, ids, (missing) =>
    distilleryNamesStatement(tx).execute({ ids: missing }),
  );

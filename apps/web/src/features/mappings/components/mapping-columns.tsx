import type { Mapping } from '@spirit/domain/mappings/mappings.schemas';
import type { DataColumn } from '../../../ui/data-list';
import { useHere } from '../../../ui/return-to';
import { RowActionLink } from '../../../ui/row-action';

/** Centralized mappings page by 10, 20 or 30 (spec 000 §9). */
export const MAPPING_PAGE_SIZES = [10, 20, 30] as const;

export const personColumns: DataColumn<Mapping>[] = [
  { key: 'negotiator', header: 'Negotiator', body: (m) => m.Negotiator || m.negotiator.name },
  { key: 'authorizer', header: 'Authorizer', body: (m) => m.Authorizer || m.authorizer.name },
  { key: 'approver', header: 'Approver', body: (m) => m.Approver || m.approver.name },
];

/** A mapping's edit link; the form returns to this list (page and search kept) after saving. */
export function EditMappingLink({ to, label }: { to: string; label: string }) {
  const here = useHere();
  return <RowActionLink to={to} icon="pi-pencil" label={label} state={{ from: here }} />;
}

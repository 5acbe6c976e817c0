import type { Mapping } from '@spirit/domain/mappings/mappings.schemas';
import type { DataColumn } from '../../../ui/data-list';

/** Centralized mappings page by 10, 20 or 30 (spec 000 §9). */
export const MAPPING_PAGE_SIZES = [10, 20, 30] as const;

export const personColumns: DataColumn<Mapping>[] = [
  { key: 'negotiator', header: 'Negotiator', body: (m) => m.Negotiator || m.negotiator.name },
  { key: 'authorizer', header: 'Authorizer', body: (m) => m.Authorizer || m.authorizer.name },
  { key: 'approver', header: 'Approver', body: (m) => m.Approver || m.approver.name },
];

import type { MappingType } from '@spirit/domain/mappings/mappings.schemas';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useDistillGroupById } from '../api/get-distill-group-by-id';
import { MappingForm } from './mapping-form';

const BACK = {
  Centralized: { to: '/centralized', label: 'Back to Centralized Mappings' },
  Decentralized: { to: '/decentralized', label: 'Back to De-Centralized Mappings' },
} as const;

/** The page around the mapping form: a new mapping, or the one named by `?id=`. */
export function MappingFormPage({ type, title }: { type: MappingType; title: string }) {
  const id = routeId(useSearchParams()[0].get('id'));
  const query = useDistillGroupById(id);
  let content: ReactNode;
  if (id === undefined) content = <MappingForm type={type} />;
  else if (id === null) content = <ErrorState message="Mapping not found" back={BACK[type]} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={BACK[type]} />;
  else if (query.data.type !== type) content = <ErrorState message="Mapping not found" back={BACK[type]} />;
  else content = <MappingForm key={query.data.id} type={type} mapping={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{id === undefined ? `New ${title}` : `Edit ${title}`}</h1>
      {content}
    </section>
  );
}

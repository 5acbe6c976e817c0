import type { MappingType } from '@spirit/domain/mappings/mappings.schemas';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../app/api-client';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState } from '../../../ui/status-states';
import { useDistillGroupById } from '../api/get-distill-group-by-id';
import { MappingForm } from './mapping-form';

/** The page around the mapping form: a new mapping, or the one named by `?id=`. */
export function MappingFormPage({ type, title }: { type: MappingType; title: string }) {
  const id = routeId(useSearchParams()[0].get('id'));
  const query = useDistillGroupById(id);
  let content: ReactNode;
  if (id === undefined) content = <MappingForm type={type} />;
  else if (id === null) content = <ErrorState message="Mapping not found" />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  else if (query.data.type !== type) content = <ErrorState message="Mapping not found" />;
  else content = <MappingForm key={query.data.id} type={type} mapping={query.data} />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{id === undefined ? `New ${title}` : `Edit ${title}`}</h1>
      {content}
    </section>
  );
}

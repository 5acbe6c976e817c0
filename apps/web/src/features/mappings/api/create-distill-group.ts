import type { MappingFormInput } from '@spirit/domain/mappings/mappings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function createDistillGroup(body: MappingFormInput) {
  return call('createDistillGroup', body);
}

export function useCreateDistillGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistillGroup,
    // Mapping changes who is untagged and which roles users hold: every mapping and user list is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

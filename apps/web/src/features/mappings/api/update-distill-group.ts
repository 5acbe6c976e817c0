import type { MappingFormInput } from '@spirit/domain/mappings/mappings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function updateDistillGroup(body: MappingFormInput & { id: number }) {
  return call('updateDistillGroup', body);
}

export function useUpdateDistillGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDistillGroup,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

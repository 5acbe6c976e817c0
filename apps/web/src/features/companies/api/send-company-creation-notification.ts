import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Notify (a prospect) or Resend Link (an approved company whose admin has not set a password yet). */
export function sendCompanyCreationNotification(companyId: number) {
  return call('sendCompanyCreationNotification', { company_id: companyId });
}

export function useSendCompanyCreationNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCompanyCreationNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllCompany'] }),
  });
}

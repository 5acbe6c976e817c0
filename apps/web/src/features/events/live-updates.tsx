// Mounted once in the signed-in shell: keeps the tab's live stream open and turns each event into the
// invalidation of exactly the cached reads it concerns (invalidate.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../app/api-client';
import { setLiveStreamOpen } from '../../app/live-status';
import { useSession } from '../../app/session';
import { startEventStream } from './event-stream';
import { isConcerned } from './invalidate';

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const stop = startEventStream({
      ticket: async () => (await call('getEventTicket', {})).data.ticket,
      onEvent: (event) => void queryClient.invalidateQueries({ predicate: (q) => isConcerned(event, q.queryKey) }),
      onReset: () => void queryClient.invalidateQueries(),
      onStatus: setLiveStreamOpen,
    });
    return () => {
      stop();
      setLiveStreamOpen(false);
    };
  }, [queryClient, token]);
  return null;
}

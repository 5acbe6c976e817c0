// One live stream per signed-in tab (issue 25 part 2): a ticket from `getEventTicket` opens
// `GET /api/events?ticket=…`; on any failure the stream is closed and reopened with a new ticket after a growing
// pause (1 s doubling to 30 s), resuming after the last event it received (`last_event_id`), so nothing is lost.
// The screens keep polling: at their own pace while the stream is down, slowly while it is open (app/live-status.ts).
import { EVENT_TYPES, STREAM_RESET, type MarketEvent } from '@spirit/domain/events/events.constants';

export type StreamHandlers = {
  /** A ticket for a new connection; a rejection (no session) stops the stream. */
  ticket: () => Promise<string>;
  onEvent: (event: MarketEvent) => void;
  /** The server could not replay everything missed: refetch every query. */
  onReset: () => void;
  onStatus?: (up: boolean) => void;
};

const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 30_000;

/** Starts the stream; returns how to stop it. */
export function startEventStream(h: StreamHandlers, url = '/api/events'): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pause = FIRST_PAUSE_MS;
  let lastId: string | null = null;

  const retry = () => {
    source?.close();
    source = null;
    h.onStatus?.(false);
    if (stopped) return;
    timer = setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  };

  async function connect() {
    let ticket: string;
    try {
      ticket = await h.ticket();
    } catch {
      // Signed out (the API client has handled it) or the server is unreachable: try again later unless stopped.
      return retry();
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket, ...(lastId ? { last_event_id: lastId } : {}) });
    const es = new EventSource(`${url}?${query}`);
    source = es;
    es.onopen = () => {
      pause = FIRST_PAUSE_MS;
      h.onStatus?.(true);
    };
    // EventSource's own reconnect would reuse the spent ticket: reconnect ourselves instead.
    es.onerror = () => {
      if (source === es) retry();
    };
    const receive = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      try {
        h.onEvent(JSON.parse(message.data) as MarketEvent);
      } catch {
        // A frame this version does not understand: ignored.
      }
    };
    for (const type of EVENT_TYPES) es.addEventListener(type, receive);
    es.addEventListener(STREAM_RESET, (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      h.onReset();
    });
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}

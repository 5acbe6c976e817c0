// The live market's stream ticket (issue 25 part 2). The stream itself is `GET /api/events` (server events.routes.ts).
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import { eventTicketSchema } from './events.schemas.js';

export const EVENT_METHODS = {
  getEventTicket: {
    body: emptySchema,
    data: eventTicketSchema,
    access: METHOD_ACCESS.getEventTicket,
    summary:
      'A single-use ticket, valid for a minute, that opens the caller’s event stream: `GET /api/events?ticket=…` ' +
      '(text/event-stream; resume with `Last-Event-ID`)',
  },
} as const satisfies Record<string, MethodSpec>;

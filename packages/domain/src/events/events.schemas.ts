// The live market's stream (issue 25 part 2): a signed-in call hands out a short-lived ticket, and the stream is
// opened with it (`GET /api/events?ticket=…`), since a browser's EventSource sends no headers.
import { z } from 'zod';

export const eventTicketSchema = z.object({
  /** Single use; opens one stream within `expires_in` seconds. */
  ticket: z.string(),
  expires_in: z.number(),
});
export type EventTicket = z.infer<typeof eventTicketSchema>;

/** The stream's query: the ticket, and where to resume when the client cannot send `Last-Event-ID` itself. */
export const eventStreamQuerySchema = z.object({
  ticket: z.string().min(1).max(200),
  last_event_id: z.coerce.number().int().min(0).optional(),
});

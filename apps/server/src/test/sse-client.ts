// A Server-Sent Events reader for tests, over node's fetch (app.inject does not stream): what a browser's
// EventSource does with one connection, minus the automatic reconnect (tests reconnect explicitly).

export type SseEvent = { id: string | null; event: string; data: string };

export type SseStream = {
  status: number;
  /** The error envelope when the stream was refused. */
  refusal: { code: string; error: string } | null;
  /** Every event received so far, in order. */
  received: SseEvent[];
  /** Waits for the first event (from the start) matching `pred`; rejects if the stream ends first. */
  until: (pred: (e: SseEvent) => boolean) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openSse(
  url: string,
  opts: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
      ...opts.headers,
    },
    signal: controller.signal,
  });
  const received: SseEvent[] = [];
  const waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void; reject: (e: Error) => void }[] = [];
  let done = false;
  if (res.status !== 200) {
    const body = (await res.json()) as { code: string; error: string };
    return {
      status: res.status,
      refusal: body,
      received,
      until: () => Promise.reject(new Error('stream refused')),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e = parse(block);
          if (!e) continue;
          received.push(e);
          for (const w of [...waiters])
            if (w.pred(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      for (const w of waiters.splice(0)) w.reject(new Error('stream ended'));
    }
  })();
  return {
    status: res.status,
    refusal: null,
    received,
    until: (pred) => {
      const seen = received.find(pred);
      if (seen) return Promise.resolve(seen);
      if (done) return Promise.reject(new Error('stream ended'));
      return new Promise((resolve, reject) => waiters.push({ pred, resolve, reject }));
    },
    ended,
    close: () => controller.abort(),
  };
}

function parse(block: string): SseEvent | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? null : { id, event, data: data.join('\n') };
}

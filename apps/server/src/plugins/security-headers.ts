// Security headers on every answer: helmet's, with our Content-Security-Policy (DESIGN.md §5). The header values
// never change, so they are computed once at start; @fastify/helmet would rebuild helmet and re-parse the policy on
// every request (about 4 % of a list call's time).
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // PrimeReact positions overlays with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets with `options`, read once from a stand-in response. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: () => undefined,
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

/**
 * The headers of the API's answers: JSON (or a file) for the app's own scripts, never a document to render, so the
 * document policies (script and style sources, COOP, DNS prefetch…) say nothing there. What does matter for an
 * API (OWASP REST Security): no sniffing, no framing, HTTPS only, no referrer, and `no-store` — answers carry
 * companies' prices and trades, which no shared cache may keep. Shorter headers are also cheaper on every call.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
};

/** Whether a URL is an API call (the browsable reference under /api/docs is a document). */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiCall(req.url) ? API_HEADERS : headers);
    done();
  });
}

// Unchanged polls answered before Fastify (issue 25: at least half a bare node:http server's rate). A screen's poll
// that sends back its last answer's ETag mostly learns "nothing changed", and Fastify's routing, hooks, body parsing
// and reply handling cost several times that answer. So the HTTP server's own request callback looks first. When
// every check the full path makes passes, it answers 304 itself:
// - a polled read registered with `etag` (http/registry.ts), with no limits of its own and a JSON body;
// - a session token, not an API key (each key's call is audited), whose caller `resolveActor` finds as Fastify's path
//   would (from this process's cache mostly, else with the one query), in a role the read admits;
// - a body the read's schema accepts, parsed as Fastify would (a `__proto__` or `constructor` key goes to Fastify,
//   which refuses it);
// - a tag still fresh for that caller and body (lib/change-stamp.ts), and a call the address's budget admits (the
//   same counter as the global limit's, when limits are on).
// Anything else, every refusal included, goes to Fastify with the body already read handed back (`preParsing`), so it
// answers exactly as if nobody had looked. Not logged per request, like the 304s' bodies that do not exist.
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Access } from '@spirit/domain/api/methods';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { currentGeneration, freshTag } from '../lib/change-stamp.js';
import { apiKeyOf } from '../modules/apikeys/apikeys.service.js';
import { bearerToken, resolveActor } from '../modules/auth/session.js';
import { checkAccess } from './registry.js';

/** What Fastify hands its `serverFactory`: the settings it would give a server of its own. */
type ServerSettings = {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Limiter = (req: never) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

/** A body larger than any poll's goes straight to Fastify. */
const MAX_POLL_BODY = 4096;
const PREFIX = '/api/';
/** The body read here, handed back to Fastify when it answers instead. */
const READ_BODY = Symbol('pollBody');
type WithBody = IncomingMessage & { [READ_BODY]?: Buffer };

/** Verified tags kept (a process's open screens, each polling a few reads). */
const MAX_VERIFIED = 10_000;

/**
 * A 304 carries what the 200 would say about caching (RFC 9110 §15.4.5: ETag, Cache-Control; Node adds Date) and
 * nothing else: it has no body to sniff, frame or render, and the 200 it stands for carried the API's headers.
 */
const noChange = (tag: string) => ({ etag: tag, 'cache-control': 'no-cache' });

export type PollShortcut = ReturnType<typeof createPollShortcut>;

/** `trustProxy` as Fastify's: whose address the call budget counts. */
export function createPollShortcut(opts: { trustProxy: boolean }) {
  const methods = new Map<string, { access: Access; body: z.ZodType }>();
  let app: FastifyInstance | null = null;
  let limiter: Limiter | null = null;
  let closing = false;
  let answered = 0;

  /** What a request the shortcut may answer names, or null: synchronous checks first, most requests pay one lookup. */
  function eligible(req: IncomingMessage) {
    if (!app || closing || req.method !== 'POST' || !req.headers['if-none-match']) return null;
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || url.includes('?')) return null;
    const name = url.slice(PREFIX.length);
    const method = methods.get(name);
    if (!method || method.access === 'public' || method.access === 'optional') return null;
    if (req.headers['content-type']?.split(';')[0]!.trim().toLowerCase() !== 'application/json') return null;
    const length = Number(req.headers['content-length']);
    if (!(length > 0 && length <= MAX_POLL_BODY)) return null;
    // The caller as plugins/auth.ts tells them apart: an API key (bearer or header) takes the audited path.
    const token = bearerToken(req);
    if (!token || apiKeyOf(req, token)) return null;
    return { name, method, token };
  }

  /**
   * Tags this process verified, by caller, read, tag and body as sent, with the instant each holds until: a repeat of
   * the same poll skips the body's parsing and the tag's MAC. Entries hold for one change generation (the map is
   * emptied when it moves), and the caller is looked up again every time.
   */
  const verified = new Map<string, { tag: string; until: number }>();
  let verifiedIn = '';

  /** The tag to answer 304 with, or null when Fastify answers. */
  async function freshTagOf(req: WithBody, found: NonNullable<ReturnType<typeof eligible>>, text: string) {
    const deps = app!.deps;
    const actor = await resolveActor(deps, found.token);
    if (!actor || checkAccess(found.method.access, actor)) return null;
    // After the caller, as the registry takes it: a change to them landing meanwhile has moved it.
    const generation = currentGeneration(deps);
    if (!generation) return null;
    const now = deps.now();
    const ifNoneMatch = req.headers['if-none-match'] as string;
    if (verifiedIn !== generation) {
      verified.clear();
      verifiedIn = generation;
    }
    const key = `${actor.sessionId}\n${found.name}\n${ifNoneMatch}\n${text}`;
    let fresh = verified.get(key);
    if (!fresh) {
      const body = parseBody(found.method.body, text);
      if (!body) return null;
      const stamp = { method: found.name, body: body.data, actor, generation, now: now.getTime() };
      fresh = freshTag(ifNoneMatch, stamp) ?? undefined;
      if (!fresh) return null;
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
      verified.set(key, fresh);
    }
    if (!(now.getTime() < fresh.until)) return null;
    if (!limiter) return fresh.tag;
    const budget = await limiter({
      ip: clientIp(req, opts.trustProxy),
      url: req.url,
      routeOptions: { config: {} },
    } as never);
    return budget.isAllowed || !budget.isExceeded ? fresh.tag : null;
  }

  function handle(req: WithBody, res: ServerResponse, next: Handler) {
    const found = eligible(req);
    if (!found) return next(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    req.once('error', () => res.destroy());
    req.once('end', () => {
      const raw = Buffer.concat(chunks, size);
      freshTagOf(req, found, raw.toString('utf8'))
        .catch(() => null)
        .then((tag) => {
          if (tag) {
            answered += 1;
            res.writeHead(304, noChange(tag)).end();
            return;
          }
          req[READ_BODY] = raw;
          next(req, res);
        });
    });
  }

  return {
    /** The polled reads `defineMethod` registered: their audience and body schema. */
    methods,
    /** How many polls were answered here. */
    get answered() {
      return answered;
    },
    /** Fastify's `serverFactory`: its own HTTP/1 server, with the shortcut ahead of Fastify's handler. */
    serverFactory(handler: Handler, options: ServerSettings) {
      const server = createServer(options.http ?? {}, (req, res) => handle(req, res, handler));
      if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    /** Once the app's rate limiter is registered and before its routes: where the shortcut reads from. */
    attach(instance: FastifyInstance) {
      app = instance;
      // The global limit's own counter (`createRateLimit` with no options is the global store and settings).
      limiter = instance.hasDecorator('createRateLimit') ? (instance.createRateLimit() as unknown as Limiter) : null;
      // Synchronous, as every per-request hook here: an async hook costs each call a promise and a turn.
      instance.addHook('preParsing', (req, _reply, payload, done) => {
        const body = (req.raw as WithBody)[READ_BODY];
        done(null, body ? Readable.from([body]) : payload);
      });
      instance.addHook('preClose', async () => {
        closing = true;
      });
    },
  };
}

/** The body as Fastify would parse and validate it, or null where Fastify would refuse it (or might). */
function parseBody(schema: z.ZodType, text: string) {
  if (text.includes('__proto__') || text.includes('constructor')) return null;
  try {
    const body = schema.safeParse(JSON.parse(text));
    return body.success ? body : null;
  } catch {
    return null;
  }
}

/** The address Fastify's `req.ip` gives: the client-most forwarded address behind a trusted proxy. */
function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}

import type { Access } from '@spirit/domain/api/methods';
import type { Config } from './config.js';
import type { PollShortcut } from './http/poll-shortcut.js';
import type { Database, Db } from './db/client.js';
import type { Actor } from './lib/actor.js';
import type { MarketCache } from './lib/market-cache.js';
import type { RecordMemo } from './lib/record-memo.js';
import type { ActorCache } from './modules/auth/actor-cache.js';
import type { EventHub } from './modules/events/events.outbox.js';
import type { CaptchaService } from './modules/captcha/captcha.service.js';
import type { Mailer } from './modules/mail/mail.service.js';
import type { Storage } from './modules/files/files.storage.js';

/** What services need from the outside world; built once in buildApp. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  captcha: CaptchaService;
  storage: Storage;
  /** Signed-in callers this process has resolved recently (modules/auth/actor-cache.ts). */
  actorCache: ActorCache;
  /** Market figures this process computed recently (lib/market-cache.ts). */
  marketCache: MarketCache;
  /** Records this process rendered, as JSON text under keys that name all they show (lib/record-memo.ts). */
  recordMemo: RecordMemo;
  /** The event outbox's runtime in this process: numbering, fan-out, durable consumers (modules/events). */
  events: EventHub;
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Unchanged polls answered ahead of Fastify (http/poll-shortcut.ts). */
    pollShortcut: PollShortcut;
    auth: {
      actorOf: (req: FastifyRequest, access: Access) => Promise<Actor | null>;
      /** `actorOf`'s answer when it needs no wait (the caller cache answers), else undefined. */
      knownActor: (req: FastifyRequest, access: Access) => Actor | null | undefined;
      /** An API key's call: refused outside its scope or past its rate budget (modules/apikeys). */
      admitKey: (req: FastifyRequest, method: string) => Promise<void>;
    };
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

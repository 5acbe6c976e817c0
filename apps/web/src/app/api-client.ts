// Every call is `POST /api/{method}` with a JSON body and answers the envelope of DESIGN.md §3. Bodies and
// results are typed from the contract in `@spirit/domain/api/methods`; the import is type-only, so the contract's
// schemas stay out of the bundle unless a form uses them.
import { changesState } from '@spirit/domain/api/changes';
import type { MethodBody, MethodData, MethodName } from '@spirit/domain/api/methods';
import { INVALID_TOKEN, type ErrorEnvelope, type OkEnvelope } from '@spirit/domain/common/envelope';
import { getSession } from './session';

const API_BASE = '/api';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(init: { statusCode: number; error: string; code: string; fields?: Record<string, string> }) {
    super(init.error);
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.error = init.error;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }

  /** The session is gone: unknown, expired or revoked token. */
  get isInvalidToken(): boolean {
    return this.statusCode === 401 && this.error === INVALID_TOKEN;
  }
}

export type CallOptions = {
  /** Send no Authorization header (sign-in, registration, invitation links: calls made before a session). */
  anonymous?: boolean;
  /** Do not treat 401 "Invalid token" as the end of the session (sign out does its own clean-up). */
  ignoreInvalidToken?: boolean;
  signal?: AbortSignal;
};

export type CallResult<M extends MethodName> = { message: string; data: MethodData<M> };

type UnauthorizedHandler = () => void;
let onInvalidToken: UnauthorizedHandler = () => {};

/** The app decides what "session ended" means (clear it, go to /login); registered once by the router. */
export function setInvalidTokenHandler(handler: UnauthorizedHandler): void {
  onInvalidToken = handler;
}

function authHeaders(options: CallOptions): Record<string, string> {
  if (options.anonymous) return {};
  const token = getSession()?.token;
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function send(method: string, init: RequestInit, options: CallOptions): Promise<Response> {
  try {
    return await fetch(`${API_BASE}/${method}`, {
      method: 'POST',
      credentials: 'same-origin',
      ...init,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      statusCode: 0,
      error: 'The server could not be reached. Please check your connection and try again.',
      code: 'network.unreachable',
    });
  }
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return !!value && typeof value === 'object' && (value as { status?: unknown }).status === 'ERROR';
}

async function readEnvelope<T>(response: Response, options: CallOptions): Promise<OkEnvelope<T>> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === 'object' && (body as { status?: unknown }).status === 'OK') {
    return body as OkEnvelope<T>;
  }
  const error = isErrorEnvelope(body)
    ? new ApiError({
        statusCode: body.statusCode || response.status,
        error: body.error,
        code: body.code,
        fields: body.fields,
      })
    : new ApiError({
        statusCode: response.status,
        error:
          response.status === 429
            ? 'Too many requests. Please wait a moment and try again.'
            : 'Something went wrong. Please try again.',
        code: `http.${response.status}`,
      });
  if (error.isInvalidToken && !options.anonymous && !options.ignoreInvalidToken) onInvalidToken();
  throw error;
}

/** A fresh `Idempotency-Key` (random, and available outside secure contexts, unlike `randomUUID`). */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Calls one method of the contract: `POST /api/{method}` with `body` as JSON. Throws `ApiError` on failure. A signed-in
 * call that changes something carries an `Idempotency-Key` of its own, so a repeat of this one request (a proxy's
 * retry) is answered with the first answer and changes nothing more.
 */
export async function call<M extends MethodName>(
  method: M,
  body: MethodBody<M>,
  options: CallOptions = {},
): Promise<CallResult<M>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...authHeaders(options) };
  if (headers.authorization && changesState(method)) headers['idempotency-key'] = idempotencyKey();
  const json = JSON.stringify(body ?? {});
  const key = `${headers.authorization ?? ''} ${method} ${json}`;
  const known = answers.get(key);
  if (known) headers['if-none-match'] = known.etag;
  const response = await send(method, { headers, body: json }, options);
  if (response.status === 304 && known) {
    answers.delete(key);
    answers.set(key, known);
    return { message: known.envelope.message, data: known.envelope.data as MethodData<M> };
  }
  const envelope = await readEnvelope<MethodData<M>>(response, options);
  remember(key, response.headers.get('etag'), envelope);
  return { message: envelope.message, data: envelope.data };
}

/**
 * The last answer of each read the server tagged (an ETag): sent back in `If-None-Match`, an unchanged poll is
 * answered `304 Not Modified` and served from here (server lib/change-stamp.ts). Keyed by session, method and body.
 */
const answers = new Map<string, { etag: string; envelope: OkEnvelope<unknown> }>();
const ANSWERS_KEPT = 50;

function remember(key: string, etag: string | null, envelope: OkEnvelope<unknown>) {
  answers.delete(key);
  if (!etag) return;
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
  answers.set(key, { etag, envelope });
}

/**
 * `uploadFile`: multipart field `file`, and text `fields` before it (`purpose=bulk` for a bulk-upload sheet);
 * answers `data.file_url` (and the file's id).
 */
export async function uploadFile(
  file: File,
  options: CallOptions & { fields?: Record<string, string> } = {},
): Promise<CallResult<'uploadFile'>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', file, file.name);
  const response = await send('uploadFile', { headers: authHeaders(options), body: form }, options);
  const envelope = await readEnvelope<MethodData<'uploadFile'>>(response, options);
  return { message: envelope.message, data: envelope.data };
}

/**
 * `getFile`: the bytes of a file the caller may see, as an object URL for an <img> or <iframe>, with the content
 * type the server sniffed. The caller must `URL.revokeObjectURL` it when done.
 */
export async function fetchFile(id: string, options: CallOptions = {}): Promise<{ url: string; contentType: string }> {
  const response = await send(
    'getFile',
    { headers: { 'content-type': 'application/json', ...authHeaders(options) }, body: JSON.stringify({ id }) },
    options,
  );
  if (!response.ok) await readEnvelope<never>(response, options);
  const blob = await response.blob();
  const contentType = (response.headers.get('content-type') ?? blob.type).split(';')[0]!.trim().toLowerCase();
  return { url: URL.createObjectURL(blob), contentType };
}

/**
 * A method that answers with a file's bytes (`binary` in the contract, e.g. `getInvoicePdf`): the bytes and the name
 * the server gave them in `Content-Disposition`.
 */
export async function fetchBinary<M extends MethodName>(
  method: M,
  body: MethodBody<M>,
  options: CallOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(
    method,
    { headers: { 'content-type': 'application/json', ...authHeaders(options) }, body: JSON.stringify(body ?? {}) },
    options,
  );
  if (!response.ok) await readEnvelope<never>(response, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** `getFile` as an object URL only (see `fetchFile`). */
export async function fetchFileUrl(id: string, options: CallOptions = {}): Promise<string> {
  return (await fetchFile(id, options)).url;
}

/** The message to show for any failure: the server's text for API errors, a generic line otherwise. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.error;
  return 'Something went wrong. Please try again.';
}

// Typed errors with stable dotted codes; one handler turns them into the envelope (plugins/errors.ts).
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(code, 400, message, fields);
export const unauthorized = (message = 'Invalid token', code = 'auth.invalid_token') =>
  new AppError(code, 401, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'auth.forbidden') =>
  new AppError(code, 403, message);
export const notFound = (code: string, message: string) => new AppError(code, 404, message);
export const conflict = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(code, 409, message, fields);
export const tooMany = (message: string, retryAfterSeconds: number, code = 'rate.limited') =>
  new AppError(code, 429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A field-level validation failure in the envelope's `fields`. */
export const invalidField = (field: string, message: string, code = 'validation.failed') =>
  new AppError(code, 400, message, { [field]: message });

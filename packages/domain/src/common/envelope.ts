// The response envelope of every call (DESIGN.md §3).
export type OkEnvelope<T> = { status: 'OK'; statusCode: 200; message: string; data: T };
export type ErrorEnvelope = {
  status: 'ERROR';
  statusCode: number;
  error: string;
  code: string;
  fields?: Record<string, string>;
};
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export const INVALID_TOKEN = 'Invalid token';

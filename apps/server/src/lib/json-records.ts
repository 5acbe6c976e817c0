// Records already written as JSON text, put into an answer as they are: a list whose rows come from the record memo
// (lib/record-memo.ts) skips building each row's object and writing it out again. The answer's serializer
// (`toJsonText`, app.ts) writes the envelope as JSON and splices the records' text in where the list stands.
import { randomUUID } from 'node:crypto';

/**
 * What a JSON write of a `JsonRecords` leaves in place of its array: a string no answer holds otherwise (a fresh id
 * per process, after a control character), found again as JSON writes it.
 */
const MARK = `\u0001records:${randomUUID()}`;
const WRITTEN_MARK = JSON.stringify(MARK);

/** The arrays met by the JSON write in progress, in the order it met them (a write runs synchronously). */
let met: string[] = [];

/**
 * A list's records as JSON text, one text a record, in order. `until` is the earliest instant (ms) at which any of
 * them changes by time alone (the answer's ETag horizon, lib/change-stamp.ts), as a list of objects would say.
 */
export class JsonRecords<T> {
  /** The record type the texts stand for (never set: it types a list of these as the records it carries). */
  declare readonly record?: T;
  constructor(
    readonly texts: readonly string[],
    readonly until: number,
  ) {}
  toJSON(): string {
    met.push(`[${this.texts.join(',')}]`);
    return MARK;
  }
}

/** A list's records, as objects or as their JSON text. */
export type Records<T> = T[] | JsonRecords<T>;

/** `value` as JSON, with every `JsonRecords` in it written as the array of its texts. */
export function toJsonText(value: unknown): string {
  met = [];
  const text = JSON.stringify(value);
  if (!met.length) return text;
  const arrays = met;
  met = [];
  let i = 0;
  return text.replaceAll(WRITTEN_MARK, () => arrays[i++]!);
}

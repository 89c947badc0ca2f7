// What a valid database id is, wherever one arrives (URL segment, query, form field): a positive integer
// that fits PostgreSQL's `integer`, written as plain digits. "1e3", " 7", "+7", "0x10" and "007" are not ids
// (z.coerce.number() would accept them all, and two routes once disagreed about "1e3").
import { z } from "zod";

export const MAX_ID = 2_147_483_647;

export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** parseId as a zod schema for a form field, with the message shown when it is not an id. */
export function idField(message: string) {
  return z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

export const idSchema = idField("Identificador inválido.");

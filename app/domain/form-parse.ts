// How every form of the app is read and checked: the named fields as strings, one zod schema, and the
// first Spanish message per field. One helper for the account, administration, company, checkout and
// contact forms, so a form's errors look the same wherever it is.
import type { z } from "zod";
import { accountMessages } from "./account-messages";

/** The first message per field; a message about the form as a whole (no field) is kept under `form`. */
export type FieldErrors<F extends string = string> = Partial<
  Record<F | "form", string>
>;

/** What was typed, as strings, for showing the form again (secret fields left out). */
export type FormValues<F extends string = string> = Partial<Record<F, string>>;

export interface ParseFormOptions<F extends string> {
  /** Fields that must not be empty; if one is, the whole form answers `requiredMessage` (spec §5),
   *  by default "Por favor, completa todos los campos.". */
  required?: readonly F[];
  requiredMessage?: string;
  /** Fields never echoed back (passwords). */
  secret?: readonly F[];
}

export type ParsedForm<F extends string, T> =
  | { ok: true; data: T; values: FormValues<F> }
  | {
      ok: false;
      formError?: string;
      fieldErrors: FieldErrors<F>;
      values: FormValues<F>;
    };

/** The named fields of a form as strings; a missing field or a file is "". */
export function formStrings<F extends string>(
  source: { get(name: string): unknown },
  fields: readonly F[],
): Record<F, string> {
  const raw = {} as Record<F, string>;
  for (const field of fields) {
    const value = source.get(field);
    raw[field] = typeof value === "string" ? value : "";
  }
  return raw;
}

/** The first message of each field among a schema's issues (`form` for an issue about no field). */
export function fieldErrorsOf<F extends string = string>(
  error: z.ZodError,
): FieldErrors<F> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors as FieldErrors<F>;
}

/**
 * Reads `fields` from a submitted form and validates them with `schema`. Only the named fields are read, so
 * anything extra a crafted request carries (role, userId…) never reaches the use case.
 */
export function parseForm<F extends string, S extends z.ZodType>(
  schema: S,
  form: FormData,
  fields: readonly F[],
  options: ParseFormOptions<F> = {},
): ParsedForm<F, z.output<S>> {
  const raw = formStrings(form, fields);
  const values: FormValues<F> = {};
  for (const field of fields)
    if (!options.secret?.includes(field)) values[field] = raw[field];

  const missing = (options.required ?? []).filter((f) => raw[f].trim() === "");
  if (missing.length > 0) {
    const message = options.requiredMessage ?? accountMessages.required;
    const fieldErrors: FieldErrors<F> = {};
    for (const f of missing) fieldErrors[f] = message;
    return { ok: false, formError: message, fieldErrors, values };
  }

  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, fieldErrors: fieldErrorsOf<F>(result.error), values };
}

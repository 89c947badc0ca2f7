// The course editor's action result, narrowed to one form.
import type { FieldErrors, FormValues } from "~/domain/form-parse";

export interface EditorResult {
  form: string;
  ok: boolean;
  message: string | null;
  fieldErrors: FieldErrors;
  values: FormValues;
  nonce: number;
}

export function resultFor(result: EditorResult | undefined, form: string) {
  if (!result || result.form !== form) return { errors: {} as FieldErrors, values: null, message: null, ok: false, nonce: 0 };
  return { errors: result.fieldErrors, values: result.ok ? null : result.values, message: result.message, ok: result.ok, nonce: result.nonce };
}

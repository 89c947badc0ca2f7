// The course editor's action result, narrowed to one form.
import type { EditorReply } from "~/domain/action-result";
import type { FieldErrors } from "~/domain/form-parse";

export function resultFor(result: EditorReply | undefined, form: string) {
  if (!result || result.form !== form) return { errors: {} as FieldErrors, values: null, message: null, ok: false, nonce: 0 };
  return { errors: result.fieldErrors, values: result.ok ? null : result.values, message: result.message, ok: result.ok, nonce: result.nonce };
}

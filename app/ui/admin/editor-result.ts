// The course editor's action result, narrowed to one form.
export interface EditorResult {
  form: string;
  ok: boolean;
  message: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  nonce: number;
}

export function resultFor(result: EditorResult | undefined, form: string) {
  if (!result || result.form !== form) return { errors: {} as Record<string, string>, values: null, message: null, ok: false, nonce: 0 };
  return { errors: result.fieldErrors, values: result.ok ? null : result.values, message: result.message, ok: result.ok, nonce: result.nonce };
}

// What a change answers: one shape for "done" and "refused", whichever module makes the change,
// and one shape for what a form's action gives back to its page.
import type { FieldErrors, FormValues } from "./form-parse";

/**
 * The refusal of a change: the reason in Spanish, plus what the caller needs to show it (the field it is
 * about, the HTTP status, what was typed). `Extra` narrows or adds to those.
 */
export type Refusal<
  Extra extends object = { field?: string; status?: number },
> = { ok: false; message: string } & Extra;

/**
 * A change that was made (with the message that says so, and anything the caller needs next, such as the
 * new row's id) or refused. Uses: the course editor, the admin's sales, users, enrolments, mail and
 * messages, and the company portal.
 */
export type ActionResult<Done extends object = object> =
  ({ ok: true; message: string } & Done) | Refusal;

/**
 * What a form's action answers to its page: whether it worked, the message to show (null when the field
 * messages say it all), each field's message and what was typed. `intent` says which of a page's forms
 * it belongs to.
 */
export interface FormReply {
  ok: boolean;
  message: string | null;
  fieldErrors: FieldErrors;
  values: FormValues;
  intent?: string;
}

/**
 * The course editor's reply: `form` says which of the page's forms it belongs to (only that one shows the
 * message and keeps what was typed); `nonce` changes on every success, to reset the "add" forms.
 */
export type EditorReply = FormReply & { form: string; nonce: number };

/** A checkout form's reply (a learner's course, a company's seats): field messages, what was typed, and a
 *  message about the payment itself (the provider could not be reached…). */
export type CheckoutReply = Pick<FormReply, "fieldErrors" | "values"> & {
  formError: string | null;
};

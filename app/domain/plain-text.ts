// Text from a form as it may be stored. PostgreSQL refuses NUL in text (the request would end in a 500),
// and the other control characters are invisible: they never reach the database. Single-line fields turn
// line breaks and tabs into spaces; multi-line fields keep them.
import { z } from "zod";

/* eslint-disable no-control-regex */
const ALWAYS_DROPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;

export function withoutControlChars(value: string, options: { multiline?: boolean } = {}): string {
  const kept = options.multiline ? value : value.replace(LINE_BREAKS_AND_TABS, " ");
  return kept.replace(ALWAYS_DROPPED, "");
}

/** A form field of one line as it may be stored: a zod string passed through withoutControlChars. */
export const singleLineText = z.string().transform((v) => withoutControlChars(v));

/** An optional single-line field: trimmed, at most `max` characters (else `tooLong`), empty → null. */
export const optionalText = (max: number, tooLong: string) =>
  singleLineText.pipe(z.string().trim().max(max, tooLong)).transform((v) => (v === "" ? null : v));

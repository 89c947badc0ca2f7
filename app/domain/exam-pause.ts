// Apart from learning-messages.ts, whose plain strings the public pages' enrol button ships to the browser:
// this one needs the date helpers, which a public page should not download.
import { chileDay, sameDay } from "./chile-time";
import { formatDateTime, formatTime } from "./format";

/** When a paused exam opens again (docs/decisions.md B13), in Chile time: 'hoy desde las 14:05', or the date. */
export function examPausedMessage(opensAt: Date, at: Date): string {
  const day = sameDay(chileDay(opensAt), chileDay(at)) ? "hoy" : `el ${formatDateTime(opensAt).slice(0, 10)}`;
  return `Podrás hacer tu próximo intento ${day} desde las ${formatTime(opensAt)} (hora de Chile).`;
}

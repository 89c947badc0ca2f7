// An action's attendance report (docs/sence.md), for its company's manager and the admins: each worker's SENCE
// sessions (start, end, connected time), who has at least one started session (a participant's sworn statement,
// DJ, needs one) and who is below 75 % of the course, with CSV and Excel for the OTIC or the company. Times are
// when the academy received SENCE's answers; SENCE's own FechaHora is kept beside them in the log.
import { asc, eq, inArray } from "drizzle-orm";
import { chileWallClock } from "~/domain/chile-time";
import { toCsv } from "~/domain/csv";
import { formatDateTime } from "~/domain/format";
import { formatRut } from "~/domain/rut";
import { SENCE_STATUS_LABELS } from "~/domain/sence-messages";
import { SENCE_MIN_PROGRESS } from "~/domain/sence-session";
import { attendanceWorker, type AttendanceSession, type AttendanceWorker } from "~/domain/sence-view";
import { db } from "../platform/db/client.server";
import { enrolment, senceParticipant, senceSession, user } from "../platform/db/schema";
import { writeXlsx } from "../platform/spreadsheets/xlsx-writer.server";
import { now } from "../platform/clock.server";

export async function attendanceReport(actionId: number): Promise<AttendanceWorker[]> {
  const people = await db()
    .select({
      participantId: senceParticipant.id,
      run: senceParticipant.run,
      removedAt: senceParticipant.removedAt,
      name: user.name,
      email: user.email,
      progress: enrolment.progress,
    })
    .from(senceParticipant)
    .leftJoin(user, eq(user.id, senceParticipant.userId))
    .leftJoin(enrolment, eq(enrolment.id, senceParticipant.enrolmentId))
    .where(eq(senceParticipant.actionId, actionId))
    .orderBy(asc(user.name), asc(senceParticipant.id))
    .limit(10_000);
  if (people.length === 0) return [];
  const sessions = await db()
    .select({
      participantId: senceSession.participantId,
      id: senceSession.id,
      status: senceSession.status,
      requestedAt: senceSession.requestedAt,
      startedAt: senceSession.startedAt,
      closeRequestedAt: senceSession.closeRequestedAt,
      closedAt: senceSession.closedAt,
      errorCodes: senceSession.errorCodes,
      senceSessionId: senceSession.senceSessionId,
    })
    .from(senceSession)
    .where(inArray(senceSession.participantId, people.map((p) => p.participantId)))
    .orderBy(asc(senceSession.requestedAt), asc(senceSession.id));
  const byParticipant = new Map<number, typeof sessions>();
  for (const s of sessions) byParticipant.set(s.participantId, [...(byParticipant.get(s.participantId) ?? []), s]);
  const at = now();
  return people.map((p) =>
    attendanceWorker(
      { participantId: p.participantId, name: p.name ?? "(cuenta eliminada)", email: p.email ?? "", run: p.run, progress: p.progress ?? 0, removed: p.removedAt !== null },
      byParticipant.get(p.participantId) ?? [],
      at,
    ),
  );
}

const HEADER = [
  "RUN",
  "Nombre",
  "Correo electrónico",
  "Avance del curso (%)",
  `Bajo ${SENCE_MIN_PROGRESS} %`,
  "Sesiones iniciadas",
  "Con al menos una sesión (DJ)",
  "Estado de la sesión",
  "Inicio",
  "Término",
  "Minutos conectados",
  "IdSesionSence",
  "Códigos de error SENCE",
  "Quitado de la acción",
];

const yesNo = (v: boolean) => (v ? "Sí" : "No");

interface Line {
  person: (string | number)[];
  session: AttendanceSession | null;
  removed: string;
}

/** One line per session (a worker without sessions gets one line), as the OTIC's spreadsheet reads it. */
function lines(workers: AttendanceWorker[]): Line[] {
  return workers.flatMap((w): Line[] => {
    const person = [formatRut(w.run), w.name, w.email, w.progress, yesNo(w.belowMinimum), w.startedSessions, yesNo(w.startedSessions > 0)];
    const removed = yesNo(w.removed);
    if (w.sessions.length === 0) return [{ person, session: null, removed }];
    return w.sessions.map((session) => ({ person, session, removed }));
  });
}

export function attendanceCsv(workers: AttendanceWorker[]): string {
  return toCsv(
    HEADER,
    lines(workers).map(({ person, session, removed }) => [
      ...person,
      session ? SENCE_STATUS_LABELS[session.status] : "Sin sesiones",
      formatDateTime(session?.startedAt ?? null),
      formatDateTime(session?.closedAt ?? null),
      session?.connectedMinutes ?? "",
      session?.senceSessionId ?? "",
      session?.errorCodes.join(";") ?? "",
      removed,
    ]),
  );
}

/** The CSV's lines as a typed sheet (numbers as numbers, dates as dates in Santiago's wall-clock time). */
export function attendanceXlsx(workers: AttendanceWorker[], title: string): Uint8Array {
  const local = (iso: string | null) => (iso ? chileWallClock(new Date(iso)) : null);
  const widths = [14, 30, 32, 12, 10, 12, 14, 22, 18, 18, 12, 38, 14, 12];
  const formats: Record<number, "dateTime"> = { 8: "dateTime", 9: "dateTime" };
  return writeXlsx({
    name: "Asistencia SENCE",
    columns: HEADER.map((header, i) => ({ header, width: widths[i]!, format: formats[i] })),
    rows: lines(workers).map(({ person, session, removed }) => [
      ...person,
      session ? SENCE_STATUS_LABELS[session.status] : "Sin sesiones",
      local(session?.startedAt ?? null),
      local(session?.closedAt ?? null),
      session?.connectedMinutes ?? null,
      session?.senceSessionId ?? "",
      session?.errorCodes.join(";") ?? "",
      removed,
    ]),
    pageHeader: title.slice(0, 200),
  });
}

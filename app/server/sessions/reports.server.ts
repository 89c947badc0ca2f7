// The admin's reports on skills sessions (docs/skills-sessions.md): occupancy per session, no-shows, the pass rate
// of each checklist item (which skill fails most) and each relator's figures. Every figure is aggregated in SQL,
// one statement per table, each bounded; a page load runs three queries whatever the number of bookings.
import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { formatDateTime, percent } from "~/domain/format";
import { placeLabel, sessionStatusLabel } from "~/domain/skills-sessions";
import { db } from "../platform/db/client.server";
import { company, course, instructor, skillsBooking, skillsCheck, skillsSession } from "../platform/db/schema";

/** The latest sessions the occupancy table shows (the CSV too): enough for a season, bounded for a page. */
const SESSION_ROWS = 300;

/** The report's period: sessions that start from `since` on (every session when null). */
const startsFrom = (since: Date | null) => (since ? gte(skillsSession.startsAt, since) : undefined);

// A seat held: booked, offered to someone promoted, or closed by the sign-off.
const seated = sql`${skillsBooking.status} in ('booked', 'offered', 'closed')`;

export interface OccupancyRow {
  id: number;
  when: string;
  courseTitle: string;
  place: string;
  instructorName: string;
  statusLabel: string;
  capacity: number;
  seated: number;
  waiting: number;
  occupancy: number | null;
  present: number;
  absent: number;
  noShow: number | null;
  passed: number;
}

/** The sessions (cancelled ones left out), newest first: seats, the waiting list, attendance and passes. */
export async function occupancyReport(since: Date | null = null): Promise<OccupancyRow[]> {
  const rows = await db()
    .select({
      id: skillsSession.id,
      startsAt: skillsSession.startsAt,
      courseTitle: course.title,
      placeKind: skillsSession.placeKind,
      address: skillsSession.address,
      comuna: skillsSession.comuna,
      companyName: company.name,
      instructorName: instructor.displayName,
      status: skillsSession.status,
      capacity: skillsSession.capacity,
      seatsTaken: skillsSession.seatsTaken,
      seated: sql<number>`count(${skillsBooking.id}) filter (where ${seated})::int`,
      waiting: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.status} = 'waiting')::int`,
      present: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.attendance} = 'present' and ${seated})::int`,
      absent: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.attendance} = 'absent' and ${seated})::int`,
      passed: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.result} = 'pass' and ${seated})::int`,
    })
    .from(skillsSession)
    .innerJoin(course, eq(course.id, skillsSession.courseId))
    .innerJoin(instructor, eq(instructor.userId, skillsSession.instructorId))
    .leftJoin(company, eq(company.id, skillsSession.companyId))
    .leftJoin(skillsBooking, eq(skillsBooking.sessionId, skillsSession.id))
    .where(and(ne(skillsSession.status, "cancelled"), startsFrom(since)))
    .groupBy(skillsSession.id, course.title, company.name, instructor.displayName)
    .orderBy(desc(skillsSession.startsAt), desc(skillsSession.id))
    .limit(SESSION_ROWS);
  return rows.map((r) => ({
    id: r.id,
    when: formatDateTime(r.startsAt),
    courseTitle: r.courseTitle,
    place: placeLabel(r),
    instructorName: r.instructorName,
    statusLabel: sessionStatusLabel(r),
    capacity: r.capacity,
    seated: r.seated,
    waiting: r.waiting,
    occupancy: percent(r.seated, r.capacity),
    present: r.present,
    absent: r.absent,
    noShow: percent(r.absent, r.present + r.absent),
    passed: r.passed,
  }));
}

export interface ItemRow {
  courseTitle: string;
  itemKey: string;
  label: string;
  assessed: number;
  passed: number;
  needsPractice: number;
  passRate: number | null;
}

/**
 * Each checklist item of the signed-off sessions: how often it was assessed and passed — the skills that fail
 * most first. The item's words are the latest recorded for its key (they are stored with each answer).
 */
export async function itemReport(since: Date | null = null): Promise<ItemRow[]> {
  const rows = await db()
    .select({
      courseTitle: course.title,
      itemKey: skillsCheck.itemKey,
      label: sql<string>`max(${skillsCheck.label})`,
      assessed: sql<number>`count(*)::int`,
      passed: sql<number>`count(*) filter (where ${skillsCheck.passed})::int`,
    })
    .from(skillsCheck)
    .innerJoin(skillsBooking, eq(skillsBooking.id, skillsCheck.bookingId))
    .innerJoin(course, eq(course.id, skillsBooking.courseId))
    .innerJoin(skillsSession, eq(skillsSession.id, skillsBooking.sessionId))
    .where(and(eq(skillsBooking.status, "closed"), startsFrom(since)))
    .groupBy(course.title, skillsCheck.itemKey)
    .orderBy(sql`count(*) filter (where ${skillsCheck.passed})::float / count(*)`, asc(course.title), asc(skillsCheck.itemKey))
    .limit(500);
  return rows.map((r) => ({ ...r, needsPractice: r.assessed - r.passed, passRate: percent(r.passed, r.assessed) }));
}

export interface InstructorRow {
  instructorName: string;
  sessions: number;
  seated: number;
  present: number;
  absent: number;
  noShow: number | null;
  passed: number;
  passRate: number | null;
}

/** Each relator's signed-off sessions: how many, attendance, no-shows and the share of learners who passed every item. */
export async function instructorReport(since: Date | null = null): Promise<InstructorRow[]> {
  const rows = await db()
    .select({
      instructorName: instructor.displayName,
      sessions: sql<number>`count(distinct ${skillsSession.id})::int`,
      seated: sql<number>`count(${skillsBooking.id})::int`,
      present: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.attendance} = 'present')::int`,
      absent: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.attendance} = 'absent')::int`,
      passed: sql<number>`count(${skillsBooking.id}) filter (where ${skillsBooking.result} = 'pass')::int`,
    })
    .from(skillsSession)
    .innerJoin(instructor, eq(instructor.userId, skillsSession.instructorId))
    .leftJoin(skillsBooking, and(eq(skillsBooking.sessionId, skillsSession.id), inArray(skillsBooking.status, ["closed"])))
    .where(and(eq(skillsSession.status, "done"), startsFrom(since)))
    .groupBy(instructor.userId, instructor.displayName)
    .orderBy(asc(instructor.displayName))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    noShow: percent(r.absent, r.present + r.absent),
    passRate: percent(r.passed, r.present),
  }));
}

export type SkillsReportTable = "sesiones" | "items" | "relatores";

const pct = (v: number | null) => (v === null ? "" : v);

/** One of the three tables as CSV rows (header first): what the admin's "Descargar CSV" links give. */
export async function skillsReportCsv(table: SkillsReportTable, since: Date | null = null): Promise<{ header: string[]; rows: (string | number)[][] }> {
  if (table === "items") {
    const rows = await itemReport(since);
    return {
      header: ["Curso", "Ítem", "Evaluaciones", "Logrado", "Por practicar", "% logrado"],
      rows: rows.map((r) => [r.courseTitle, r.label, r.assessed, r.passed, r.needsPractice, pct(r.passRate)]),
    };
  }
  if (table === "relatores") {
    const rows = await instructorReport(since);
    return {
      header: ["Relator", "Sesiones realizadas", "Inscritos", "Presentes", "Ausentes", "% inasistencia", "Aprobados", "% aprobación"],
      rows: rows.map((r) => [r.instructorName, r.sessions, r.seated, r.present, r.absent, pct(r.noShow), r.passed, pct(r.passRate)]),
    };
  }
  const rows = await occupancyReport(since);
  return {
    header: ["Fecha", "Curso", "Lugar", "Relator", "Estado", "Cupo", "Inscritos", "% ocupación", "Lista de espera", "Presentes", "Ausentes", "% inasistencia", "Aprobados"],
    rows: rows.map((r) => [r.when, r.courseTitle, r.place, r.instructorName, r.statusLabel, r.capacity, r.seated, pct(r.occupancy), r.waiting, r.present, r.absent, pct(r.noShow), r.passed]),
  };
}

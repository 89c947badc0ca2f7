// The tables a company's manager reads (docs/decisions.md E2): only enrolments and invitations that came through
// the company.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { invitationState, type InvitationState } from "~/domain/companies";
import { formatCertificateCode } from "~/domain/certificate-code";
import { learnerProgress } from "~/domain/progress";
import { completedLessonIds } from "../learning/enrolments.server";
import { loadCourseOutline } from "../learning/learning.server";
import { readStudied, studiedLessons } from "../learning/study.server";
import { timeOnTask, type TimeOnTask } from "~/domain/study";
import { db } from "../platform/db/client.server";
import {
  certificate,
  companyEnrolment,
  companyInvitation,
  courseModule,
  enrolment,
  examAttempt,
  lesson,
  lessonCompletion,
  user,
} from "../platform/db/schema";

export interface WorkerRow {
  enrolmentId: number;
  name: string;
  email: string;
  rut: string | null;
  /** The spec's module percentage, read as the learner's own pages read it (learnerProgress). */
  progress: number;
  /** What the percentage counts ('2 de 5 módulos'), with the lessons as the detail. */
  modulesDone: number;
  modulesTotal: number;
  lessonsDone: number;
  lessonsTotal: number;
  /** Time on task in the live cycle (docs/decisions.md F8); partial when lessons were completed before it was measured. */
  studyTime: TimeOnTask;
  enrolledAt: Date;
  lastActivity: Date;
  attempts: number;
  bestScore: number | null;
  completedAt: Date | null;
  certificateCode: string | null;
  /** The canonical code (no dashes), for the company's certificate download. */
  certificateKey: string | null;
  /** The day the company asks the worker to finish by (Chile's calendar), or null. */
  dueOn: string | null;
  sucursal: string | null;
  faena: string | null;
  centroCosto: string | null;
}

/** Workers enrolled in a course through this company (never what they study on their own). */
export async function listCompanyWorkers(companyId: number, courseId: number): Promise<WorkerRow[]> {
  const examOfCourse = sql`select ${lesson.id} from ${lesson} inner join ${courseModule} on ${courseModule.id} = ${lesson.moduleId} where ${courseModule.courseId} = ${companyEnrolment.courseId}`;
  const outlinePromise = loadCourseOutline(courseId);
  const rows = await db()
    .select({
      enrolmentId: enrolment.id,
      name: user.name,
      email: user.email,
      rut: user.rut,
      completedIds: completedLessonIds,
      studied: studiedLessons,
      enrolledAt: enrolment.enrolledAt,
      completedAt: enrolment.completedAt,
      dueOn: companyEnrolment.dueOn,
      sucursal: companyEnrolment.sucursal,
      faena: companyEnrolment.faena,
      centroCosto: companyEnrolment.centroCosto,
      certificateCode: certificate.code,
      lastLesson: sql<Date | null>`(select max(${lessonCompletion.completedAt}) from ${lessonCompletion} where ${lessonCompletion.enrolmentId} = ${enrolment.id})`,
      lastExam: sql<Date | null>`(select max(${examAttempt.submittedAt}) from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.endedCycle} is null and ${examAttempt.lessonId} in (${examOfCourse}))`,
      attempts: sql<number>`(select count(*)::int from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.endedCycle} is null and ${examAttempt.submittedAt} is not null and ${examAttempt.lessonId} in (${examOfCourse}))`,
      bestScore: sql<number | null>`(select max(${examAttempt.score}) from ${examAttempt} where ${examAttempt.userId} = ${user.id} and ${examAttempt.endedCycle} is null and ${examAttempt.submittedAt} is not null and ${examAttempt.lessonId} in (${examOfCourse}))`,
    })
    .from(companyEnrolment)
    .innerJoin(enrolment, eq(enrolment.id, companyEnrolment.enrolmentId))
    .innerJoin(user, eq(user.id, companyEnrolment.userId))
    .leftJoin(certificate, liveCycleCertificate)
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.courseId, courseId)))
    .orderBy(asc(user.name), asc(enrolment.id))
    .limit(10_000);
  const modules = (await outlinePromise)?.modules ?? [];
  const lessons = modules.flatMap((m) => m.lessons);
  const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return rows.map((r) => {
    const progress = learnerProgress(modules, new Set(r.completedIds), r.completedAt);
    const moments = [r.enrolledAt, toDate(r.lastLesson), toDate(r.lastExam), r.completedAt].filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()));
    return {
      enrolmentId: r.enrolmentId,
      name: r.name,
      email: r.email,
      rut: r.rut,
      progress: progress.percent,
      modulesDone: progress.modulesDone,
      modulesTotal: progress.modulesTotal,
      lessonsDone: progress.lessonsDone,
      lessonsTotal: progress.lessonsTotal,
      studyTime: timeOnTask(lessons, new Set(r.completedIds), readStudied(r.studied)),
      enrolledAt: r.enrolledAt,
      lastActivity: new Date(Math.max(...moments.map((d) => d.getTime()))),
      attempts: Number(r.attempts),
      bestScore: r.bestScore === null ? null : Number(r.bestScore),
      completedAt: r.completedAt,
      certificateCode: r.certificateCode ? formatCertificateCode(r.certificateCode) : null,
      certificateKey: r.certificateCode,
      dueOn: r.dueOn,
      sucursal: r.sucursal,
      faena: r.faena,
      centroCosto: r.centroCosto,
    };
  });
}

export interface InvitationRow {
  id: number;
  name: string;
  email: string;
  rut: string | null;
  state: InvitationState;
  sentAt: Date;
  expiresAt: Date;
  dueOn: string | null;
  sucursal: string | null;
  faena: string | null;
  centroCosto: string | null;
}

/** Invitations of a course that still hold a seat (open or expired), newest first. */
export async function listOpenInvitations(companyId: number, courseId: number): Promise<InvitationRow[]> {
  const rows = await db()
    .select()
    .from(companyInvitation)
    .where(
      and(
        eq(companyInvitation.companyId, companyId),
        eq(companyInvitation.courseId, courseId),
        eq(companyInvitation.kind, "worker"),
        isNull(companyInvitation.acceptedAt),
        isNull(companyInvitation.revokedAt),
      ),
    )
    .orderBy(desc(companyInvitation.sentAt), desc(companyInvitation.id))
    .limit(10_000);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, rut: r.rut, state: invitationState(r), sentAt: r.sentAt, expiresAt: r.expiresAt, dueOn: r.dueOn, sucursal: r.sucursal, faena: r.faena, centroCosto: r.centroCosto }));
}

/** Whether a certificate belongs to an enrolment that came through this company (the manager may download it). */
export async function isCompanyCertificate(companyId: number, enrolmentId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: companyEnrolment.id })
    .from(companyEnrolment)
    .where(and(eq(companyEnrolment.companyId, companyId), eq(companyEnrolment.enrolmentId, enrolmentId)))
    .limit(1);
  return Boolean(row);
}

// /admin/usuarios/{id}: one person as the academy knows them — profile, enrolments with
// progress, the lessons they completed and when, every exam attempt with its answers, certificates, orders.
import { roleOf } from "~/domain/permissions";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { liveCycleCertificate } from "../certificates/certificates.server";
import { ORDER_STATUS_LABELS, isOrderStatus } from "~/domain/commerce";
import { certificatePath, formatCertificateCode } from "~/domain/certificate-code";
import { formatDateTime } from "~/domain/format";
import { answerSet, gradeAttempt, optionLetter } from "~/domain/grading";
import { correctOptionsOf } from "~/domain/question-input";
import type { LearnerDetail } from "~/domain/insight-view";
import { db } from "../platform/db/client.server";
import { certificate, course, courseModule, enrolment, examAttempt, lesson, lessonCompletion, order, question, user } from "../platform/db/schema";
import { loadCourseOutline } from "./learning.server";
import { readStudied, studiedLessons } from "./study.server";
import { formatStudyTime, timeOnTask, timeOnTaskLabel } from "~/domain/study";


/** Everything about one account; null when there is no such account. */
export async function getLearnerDetail(userId: string): Promise<LearnerDetail | null> {
  const [profile] = await db().select().from(user).where(eq(user.id, userId)).limit(1);
  if (!profile) return null;
  const [enrolments, completions, attempts, certificates, orders] = await Promise.all([
    db()
      .select({
        id: enrolment.id,
        courseId: enrolment.courseId,
        courseTitle: course.title,
        enrolledAt: enrolment.enrolledAt,
        progress: enrolment.progress,
        completedAt: enrolment.completedAt,
        certificateCode: certificate.code,
        studied: studiedLessons,
      })
      .from(enrolment)
      .innerJoin(course, eq(course.id, enrolment.courseId))
      .leftJoin(certificate, liveCycleCertificate)
      .where(eq(enrolment.userId, userId))
      .orderBy(desc(enrolment.enrolledAt), desc(enrolment.id)),
    db()
      .select({
        enrolmentId: lessonCompletion.enrolmentId,
        lessonId: lesson.id,
        title: lesson.title,
        moduleTitle: courseModule.title,
        completedAt: lessonCompletion.completedAt,
      })
      .from(lessonCompletion)
      .innerJoin(enrolment, eq(enrolment.id, lessonCompletion.enrolmentId))
      .innerJoin(lesson, eq(lesson.id, lessonCompletion.lessonId))
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .where(eq(enrolment.userId, userId))
      .orderBy(asc(lessonCompletion.completedAt), asc(courseModule.position), asc(lesson.position)),
    db()
      .select({
        id: examAttempt.id,
        courseId: course.id,
        courseTitle: course.title,
        lessonTitle: lesson.title,
        attemptNumber: examAttempt.attemptNumber,
        questionIds: examAttempt.questionIds,
        optionOrder: examAttempt.optionOrder,
        answers: examAttempt.answers,
        score: examAttempt.score,
        passed: examAttempt.passed,
        startedAt: examAttempt.startedAt,
        submittedAt: examAttempt.submittedAt,
      })
      .from(examAttempt)
      .innerJoin(lesson, eq(lesson.id, examAttempt.lessonId))
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .innerJoin(course, eq(course.id, courseModule.courseId))
      .where(eq(examAttempt.userId, userId))
      .orderBy(desc(examAttempt.startedAt), desc(examAttempt.id)),
    db()
      .select({ code: certificate.code, courseTitle: certificate.courseTitle, issuedAt: certificate.issuedAt })
      .from(certificate)
      .innerJoin(enrolment, eq(enrolment.id, certificate.enrolmentId))
      .where(eq(enrolment.userId, userId))
      .orderBy(desc(certificate.issuedAt)),
    db()
      .select({
        number: order.number,
        courseTitle: course.title,
        status: order.status,
        amountClp: order.amountClp,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
      })
      .from(order)
      .innerJoin(course, eq(course.id, order.courseId))
      .where(eq(order.userId, userId))
      .orderBy(desc(order.createdAt), desc(order.id)),
  ]);

  const questionIds = [...new Set(attempts.flatMap((a) => a.questionIds))];
  const questions = questionIds.length
    ? await db()
        .select({ id: question.id, kind: question.kind, prompt: question.prompt, options: question.options, correctIndex: question.correctIndex, correctSet: question.correctSet })
        .from(question)
        .where(inArray(question.id, questionIds))
    : [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const outlines = await Promise.all(enrolments.map((e) => loadCourseOutline(e.courseId)));

  return {
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      rut: profile.rut,
      role: roleOf(profile),
      banned: profile.banned,
      createdAt: formatDateTime(profile.createdAt),
    },
    enrolments: enrolments.map((e, i) => {
      const studied = readStudied(e.studied);
      const seconds = new Map(studied);
      const done = completions.filter((c) => c.enrolmentId === e.id);
      const lessons = outlines[i]?.modules.flatMap((m) => m.lessons) ?? [];
      return {
        id: e.id,
        courseId: e.courseId,
        courseTitle: e.courseTitle,
        enrolledAt: formatDateTime(e.enrolledAt),
        progress: Math.max(0, Math.min(100, e.progress)),
        completedAt: formatDateTime(e.completedAt),
        certificateCode: e.certificateCode ? formatCertificateCode(e.certificateCode) : null,
        studyTime: timeOnTaskLabel(timeOnTask(lessons, new Set(done.map((c) => c.lessonId)), studied)),
        lessons: done.map((c) => ({
          lessonId: c.lessonId,
          title: c.title,
          moduleTitle: c.moduleTitle,
          completedAt: formatDateTime(c.completedAt),
          studyTime: seconds.has(c.lessonId) ? formatStudyTime(seconds.get(c.lessonId)!) : "—",
        })),
      };
    }),
    attempts: attempts.map((a) => ({
      id: a.id,
      courseId: a.courseId,
      courseTitle: a.courseTitle,
      lessonTitle: a.lessonTitle,
      attemptNumber: a.attemptNumber,
      startedAt: formatDateTime(a.startedAt),
      submittedAt: formatDateTime(a.submittedAt),
      score: a.score,
      passed: a.passed,
      answers: a.answers
        ? a.questionIds.map((qid, i) => {
            const q = byId.get(qid);
            // Answers are stored as shown to the learner; optionOrder maps them back to the bank's options.
            const stored = answerSet(a.answers![i]).map((shown) => a.optionOrder[i]?.[shown] ?? -1);
            const valid = (k: number) => q !== undefined && k >= 0 && k < q.options.length;
            const options = (ks: number[]) => (ks.length && ks.every(valid) ? ks.map((k) => `${optionLetter(k)}. ${q!.options[k]}`).join(" · ") : "Sin respuesta");
            const correct = q ? correctOptionsOf(q) : [];
            return {
              position: i + 1,
              questionId: qid,
              prompt: q?.prompt ?? "Pregunta eliminada",
              chosen: options([...stored].sort((x, y) => x - y)),
              correctOption: q ? options(correct) : "—",
              // The exam's own rule: exactly the correct options (one for the one-answer kinds).
              correct: q !== undefined && gradeAttempt({ questionIds: [qid], optionOrder: [a.optionOrder[i] ?? []], correctIndexes: [correct], answers: [a.answers![i] ?? -1] }).correctCount === 1,
            };
          })
        : [],
    })),
    certificates: certificates.map((c) => ({
      code: formatCertificateCode(c.code),
      courseTitle: c.courseTitle,
      issuedAt: formatDateTime(c.issuedAt),
      path: certificatePath(c.code),
    })),
    orders: orders.map((o) => ({
      number: o.number,
      courseTitle: o.courseTitle,
      statusLabel: isOrderStatus(o.status) ? ORDER_STATUS_LABELS[o.status] : o.status,
      amountClp: o.amountClp,
      createdAt: formatDateTime(o.createdAt),
      paidAt: formatDateTime(o.paidAt),
    })),
  };
}

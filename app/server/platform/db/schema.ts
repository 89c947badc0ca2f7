// One schema for the embedded PGlite and for a PostgreSQL server: nothing dialect-specific.
import { sql } from "drizzle-orm";
import type { Blueprint } from "~/domain/exam-blueprint";
import type { ExamSettings } from "~/domain/exam-settings";
import type { LessonDoc } from "~/domain/lesson-doc";
import type { CourseCover } from "~/domain/course-cover";
import type { SnapshotCells } from "~/domain/compliance";
import {
  type AnyPgColumn,
  foreignKey,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tz = { withTimezone: true } as const;

// ── Better Auth tables (core + admin plugin fields) ────────────────────────
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("user"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", tz),
    phone: text("phone"),
    address: text("address"),
    // Chilean RUT, normalised ('12345678-5', app/domain/rut.ts); optional. What the account's owner declared (on
    // the profile) or confirmed (accepting a company's invitation): nothing here proves a RUT is theirs, so a
    // declaration locks nobody else out — two accounts may hold one RUT (a person's own and work addresses, or
    // someone who typed another's), and no page tells anyone which account holds a RUT.
    rut: text("rut"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    // The person asked for deletion and the account was anonymised in place (docs/privacy.md): the row stays so
    // that what other laws keep (orders with their tax documents, certificates) still points at something.
    deletedAt: timestamp("deleted_at", tz),
    // The privacy notice (site.privacy.noticeVersion) the person accepted when signing up on /registro, and when:
    // proof of what they were told. Null for accounts made another way (an invitation, an admin, before it).
    privacyNoticeVersion: text("privacy_notice_version"),
    privacyNoticeAcceptedAt: timestamp("privacy_notice_accepted_at", tz),
    // Marketing mail only with this separate consent, given unticked at sign-up or on /perfil and withdrawn there
    // at any time; `marketing_consent_at` is when it was last given or withdrawn (null: never asked).
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    marketingConsentAt: timestamp("marketing_consent_at", tz),
    // The last sign-in (set when a session is created, auth.server.ts): inactive accounts are removed after
    // site.privacy.retention.inactiveAccountYears without one (privacy/inactive-accounts.server.ts).
    lastSignInAt: timestamp("last_sign_in_at", tz),
    // When the "your account will be deleted" mail was queued: the claim (set in the transaction that queues it, so
    // it is sent once) and the start of the notice period. A sign-in clears it.
    inactivityWarnedAt: timestamp("inactivity_warned_at", tz),
  },
  (t) => [
    index("user_rut_idx").on(t.rut).where(sql`${t.rut} is not null`),
    index("user_created_at_idx").on(t.createdAt),
    index("user_name_idx").on(t.name),
    // Admin search (/admin/usuarios): word prefixes of the name, and the start of the e-mail, both indexable
    // without extensions (pg_trgm is not available everywhere, e.g. PGlite).
    index("user_name_search_idx").using("gin", sql`to_tsvector('simple', ${t.name})`),
    index("user_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    // The admin list's order (created_at desc, id desc): a deep page is read from the index alone.
    index("user_created_id_idx").on(t.createdAt, t.id),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", tz),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", tz),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// Failed sign-in attempts, kept in the database so the limit holds across restarts and instances.
export const loginAttempt = pgTable(
  "login_attempt",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(), // "email:<address>" or "ip:<address>"
    attemptedAt: timestamp("attempted_at", tz).notNull().defaultNow(),
  },
  (t) => [index("login_attempt_key_idx").on(t.key, t.attemptedAt)],
);

// ── Files ───────────────────────────────────────────────────────────────────
export const asset = pgTable("asset", {
  id: serial("id").primaryKey(),
  storageKey: text("storage_key").notNull().unique(),
  filename: text("filename").notNull(),
  mime: text("mime").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

// ── Catalogue ──────────────────────────────────────────────────────────────
/**
 * The categories the owner manages (admin/categorias): the course form picks one. A course keeps the name
 * itself (course.category), so a rename updates its courses in the same transaction, and a category in use
 * cannot be removed.
 */
export const category = pgTable(
  "category",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("category_name_uq").on(sql`lower(${t.name})`)],
);

export const course = pgTable(
  "course",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    level: text("level").notNull(),
    /**
     * @deprecated Typed hours, no longer read or written (docs/decisions.md D1): hours come from the lessons'
     * durations (~/domain/course-hours). Kept, nullable, so older rows and inserts stay valid.
     */
    durationHours: integer("duration_hours"),
    priceClp: integer("price_clp"), // null = 'Precio por confirmar'
    // What a learner pays to renew a certificate of this course (docs/certificate-validity.md, "Renewal"); null: the
    // course price.
    renewalPriceClp: integer("renewal_price_clp"),
    modality: text("modality").notNull().default(""),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull().default(""),
    audience: text("audience").notNull().default(""),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    materials: text("materials").notNull().default(""),
    certification: text("certification").notNull().default(""),
    imageUrl: text("image_url"),
    // An uploaded cover's stored copies (~/domain/course-cover); when set it wins over image_url.
    cover: jsonb("cover").$type<CourseCover>(),
    nextDate: text("next_date"), // ISO date (yyyy-mm-dd), a calendar day in Chile
    location: text("location").notNull().default(""),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    instructorName: text("instructor_name").notNull().default(""),
    instructorTitle: text("instructor_title").notNull().default(""),
    status: text("status").notNull().default("draft"), // draft | published
    // Which tax document its sales get (docs/decisions.md F4): exempt (41/34, the default for training) or taxed (39/33).
    taxTreatment: text("tax_treatment").notNull().default("exempt"),
    // How long its certificates count, in months after the end of the month of issue (docs/certificate-validity.md);
    // null: they never expire.
    validityMonths: integer("validity_months"),
    // Hash of the catalogue file it was loaded from; lets a re-load tell "unchanged" from "edited by an admin".
    sourceHash: text("source_hash"),
    // When the catalogue last wrote this course (load or refresh), set to the same instant as updated_at.
    // The course editor moves updated_at on every change, so updated_at > catalogue_synced_at means an
    // admin edited the course by hand and a catalogue refresh must leave it alone (catalogue/refresh.server.ts).
    catalogueSyncedAt: timestamp("catalogue_synced_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("course_status_category_idx").on(t.status, t.category)],
);

export const courseModule = pgTable(
  "module",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [index("module_course_idx").on(t.courseId, t.position)],
);

export const lesson = pgTable(
  "lesson",
  {
    id: serial("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => courseModule.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    type: text("type").notNull(), // presentacion | documento | video | lectura | examen
    durationMin: integer("duration_min").notNull().default(0),
    assetId: integer("asset_id").references(() => asset.id, { onDelete: "set null" }),
    captionsAssetId: integer("captions_asset_id").references(() => asset.id, { onDelete: "set null" }),
    body: text("body"), // Markdown for 'lectura'
    // A presentation or document as responsive HTML (the 'lectura' view), built from its source by the
    // catalogue loader (app/server/catalogue/reading.server.ts); the PDF stays as the download. Null: PDF viewer.
    readingHtml: text("reading_html"),
    // A 'lectura' written in the admin's editor: its cleaned structured document (app/domain/lesson-doc.ts),
    // rendered to the reading view's HTML when read. Null: the lesson's text is the Markdown in `body`.
    doc: jsonb("doc").$type<LessonDoc>(),
    downloadable: boolean("downloadable").notNull().default(false),
    status: text("status").notNull().default("pending"), // published | pending
    // The lesson's identity in the built-in catalogue (lessonKey: its file stem, or "<type>#<n>" for a lesson
    // without a file), so a refresh updates the same row and learners' completions and attempts keep their link.
    catalogueKey: text("catalogue_key"),
    // An exam lesson's blueprint (app/domain/exam-blueprint.ts): how many questions each topic gets in every draw.
    // Null: the questions are drawn from the whole bank.
    examBlueprint: jsonb("exam_blueprint").$type<Blueprint>(),
    // An exam lesson's own rules (app/domain/exam-settings.ts), set in the course editor. Null: the spec's defaults.
    examSettings: jsonb("exam_settings").$type<ExamSettings>(),
  },
  (t) => [index("lesson_module_idx").on(t.moduleId, t.position)],
);

/**
 * An image placed in a reading lesson by the editor, stored once re-encoded (metadata gone): two WebP widths
 * and a JPEG or PNG fallback. Served with the lesson's own access rule (learning/lesson-images.server.ts).
 */
export const lessonImage = pgTable(
  "lesson_image",
  {
    id: serial("id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    smallWidth: integer("small_width").notNull(),
    largeAssetId: integer("large_asset_id").notNull().references(() => asset.id),
    smallAssetId: integer("small_asset_id").notNull().references(() => asset.id),
    fallbackAssetId: integer("fallback_asset_id").notNull().references(() => asset.id),
    fallbackFormat: text("fallback_format").notNull(), // jpg | png
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("lesson_image_lesson_idx").on(t.lessonId)],
);

export const question = pgTable(
  "question",
  {
    id: serial("id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    externalId: text("external_id"), // id in the catalogue file, e.g. "q01"
    prompt: text("prompt").notNull(),
    // 'choice' (four options, shuffled in every attempt), 'truefalse' (Verdadero, Falso, always in that order) or
    // 'multiple' (two to six options, shuffled, one or more correct: the learner marks all the correct ones).
    kind: text("kind").notNull().default("choice"),
    options: text("options").array().notNull(),
    // Never sent to a learner before grading. -1 for a 'multiple' question, whose answer is correct_set.
    correctIndex: integer("correct_index").notNull(),
    // A 'multiple' question's correct options (bank indexes, ascending); null for the one-answer kinds.
    correctSet: integer("correct_set").array(),
    explanation: text("explanation").notNull().default(""),
    // The lesson that teaches the answer (not the exam lesson above), so a learner who misses the
    // question can be sent to it; null when unknown or when that lesson is deleted.
    sourceLessonId: integer("source_lesson_id").references(() => lesson.id, { onDelete: "set null" }),
    // What the question tests, as its exam's blueprint counts it (e.g. "compresiones"); null when none was given.
    topic: text("topic"),
    // A question taken out of the bank after learners answered it (a catalogue refresh removed or rewrote
    // it): never drawn again, kept so the attempts that drew it can still be read.
    retiredAt: timestamp("retired_at", tz),
  },
  (t) => [
    index("question_lesson_idx").on(t.lessonId),
    index("question_source_lesson_idx").on(t.sourceLessonId),
    // The two answer columns never disagree about a question's kind.
    check(
      "question_correct_ck",
      sql`(${t.kind} = 'multiple' and ${t.correctSet} is not null and cardinality(${t.correctSet}) >= 1 and ${t.correctIndex} = -1) or (${t.kind} <> 'multiple' and ${t.correctSet} is null and ${t.correctIndex} >= 0)`,
    ),
  ],
);

// ── Learning ───────────────────────────────────────────────────────────────
export const enrolment = pgTable(
  "enrolment",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    enrolledAt: timestamp("enrolled_at", tz).notNull().defaultNow(),
    progress: integer("progress").notNull().default(0),
    completedAt: timestamp("completed_at", tz),
    lastLessonId: integer("last_lesson_id"),
    // Derived with the progress rule (learning.server.ts) and written with `progress`, so the course
    // results report counts a cohort's modules and passes from a summary instead of its lesson completions.
    /** The modules whose published lessons are all completed. */
    modulesDone: integer("modules_done").array().notNull().default(sql`'{}'::integer[]`),
    /** An exam lesson of the course is completed (passing the exam completes it). */
    examPassed: boolean("exam_passed").notNull().default(false),
    // The live cycle (docs/certificate-validity.md, "Renewal"): 1 until the first renewal. The columns above are this
    // cycle's; every earlier one is kept in enrolment_cycle with its lessons, attempts and certificate.
    cycle: integer("cycle").notNull().default(1),
  },
  (t) => [
    uniqueIndex("enrolment_user_course_uq").on(t.userId, t.courseId),
    index("enrolment_course_idx").on(t.courseId, t.enrolledAt),
    index("enrolment_enrolled_at_idx").on(t.enrolledAt),
    // Admin list filtered by status (En progreso / Completado), newest first, with or without a course.
    // Partial indexes, because the planner rewrites NOT (completed_at IS NULL) and would miss an expression index.
    index("enrolment_completed_idx").on(t.enrolledAt).where(sql`${t.completedAt} is not null`),
    index("enrolment_course_completed_idx").on(t.courseId, t.enrolledAt).where(sql`${t.completedAt} is not null`),
    index("enrolment_in_progress_idx").on(t.enrolledAt).where(sql`${t.completedAt} is null`),
    index("enrolment_course_in_progress_idx").on(t.courseId, t.enrolledAt).where(sql`${t.completedAt} is null`),
  ],
);

export const lessonCompletion = pgTable(
  "lesson_completion",
  {
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.lessonId] })],
);

// Time on task (docs/decisions.md F8): what the server credited to a learner's study of one lesson in one cycle of
// the enrolment, from its own clock — heartbeats while the page is in use, or the visit closed by the completion
// form — and what the rule needs besides (the end of a reading reached, a video's watched segments). One row per
// (enrolment, cycle, lesson), written by a single upsert per heartbeat. Kept when a cycle ends: the hours studied
// in an earlier cycle stay that cycle's. A lesson completed before this was measured has no row: its time is unknown.
export const lessonStudy = pgTable(
  "lesson_study",
  {
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    cycle: integer("cycle").notNull(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    /** Seconds of time on task credited. */
    seconds: integer("seconds").notNull().default(0),
    /** The visit being credited: when its page was served, and what it has been credited since. */
    visitStartedAt: timestamp("visit_started_at", tz).notNull(),
    visitSeconds: integer("visit_seconds").notNull().default(0),
    /** The last instant credited: no later credit covers time before it (a replay or a second tab earns nothing). */
    creditedUntil: timestamp("credited_until", tz).notNull(),
    reachedEnd: boolean("reached_end").notNull().default(false),
    /** A video's watched segments, [start, end] in seconds, merged; and its length as the player reported it. */
    segments: jsonb("segments").$type<[number, number][]>().notNull().default(sql`'[]'::jsonb`),
    mediaSeconds: doublePrecision("media_seconds"),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.cycle, t.lessonId] })],
);

// Renewal (docs/certificate-validity.md): each ended cycle of an enrolment as it stood when it was renewed — its
// dates, progress, modules, exam, certificate and how the next one began — with the lessons it completed. Written
// once, in the renewal's transaction; never updated.
export const enrolmentCycle = pgTable(
  "enrolment_cycle",
  {
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    cycle: integer("cycle").notNull(),
    enrolledAt: timestamp("enrolled_at", tz).notNull(),
    completedAt: timestamp("completed_at", tz),
    progress: integer("progress").notNull(),
    modulesDone: integer("modules_done").array().notNull(),
    examPassed: boolean("exam_passed").notNull(),
    certificateId: integer("certificate_id").references((): AnyPgColumn => certificate.id, { onDelete: "set null" }),
    endedAt: timestamp("ended_at", tz).notNull(),
    /** How the next cycle began: 'purchase' (an order, with or without a coupon) or 'seat' (a company's seat). */
    renewedVia: text("renewed_via").notNull(),
    orderId: integer("order_id").references((): AnyPgColumn => order.id, { onDelete: "set null" }),
    companyId: integer("company_id").references((): AnyPgColumn => company.id, { onDelete: "set null" }),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.cycle] })],
);

export const enrolmentCycleLesson = pgTable(
  "enrolment_cycle_lesson",
  {
    enrolmentId: integer("enrolment_id").notNull(),
    cycle: integer("cycle").notNull(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enrolmentId, t.cycle, t.lessonId] }),
    foreignKey({ columns: [t.enrolmentId, t.cycle], foreignColumns: [enrolmentCycle.enrolmentId, enrolmentCycle.cycle] }).onDelete("cascade"),
  ],
);

export const examAttempt = pgTable(
  "exam_attempt",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lesson.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number"), // assigned at submission
    questionIds: integer("question_ids").array().notNull(),
    // Per question, the shuffled order of its options: optionOrder[i][shownIndex] = stored option index.
    optionOrder: jsonb("option_order").$type<number[][]>().notNull(),
    // Per question, the shown option chosen (-1: blank), or for a 'multiple' question the shown options marked.
    answers: jsonb("answers").$type<(number | number[])[] | null>(),
    // Answers saved as the learner chooses them (question id → shown option, or shown options marked), so an open
    // attempt resumes after a reload or a closed tab; grading reads only what is submitted.
    draftAnswers: jsonb("draft_answers").$type<Record<string, number | number[]> | null>(),
    score: integer("score"),
    passed: boolean("passed"),
    startedAt: timestamp("started_at", tz).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", tz),
    // Null while the attempt belongs to the live cycle of the learner's enrolment; a renewal stamps the cycle it
    // ended, so the attempt is kept (and still counted by the reports of its day) but no longer counts for the exam.
    endedCycle: integer("ended_cycle"),
  },
  (t) => [
    // Numbered per cycle: a renewal starts the count (and the pause after failed attempts) afresh.
    uniqueIndex("exam_attempt_number_uq").on(t.userId, t.lessonId, t.attemptNumber).where(sql`${t.endedCycle} is null`),
    uniqueIndex("exam_attempt_ended_number_uq").on(t.userId, t.lessonId, t.endedCycle, t.attemptNumber).where(sql`${t.endedCycle} is not null`),
    index("exam_attempt_user_lesson_idx").on(t.userId, t.lessonId),
    // The reports: attempts submitted in a period, per exam and overall.
    index("exam_attempt_lesson_submitted_idx").on(t.lessonId, t.submittedAt),
    index("exam_attempt_submitted_idx").on(t.submittedAt),
  ],
);

export const certificate = pgTable("certificate", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  enrolmentId: integer("enrolment_id")
    .notNull()
    .references(() => enrolment.id, { onDelete: "cascade" }),
  // The enrolment's cycle it closes: one certificate per enrolment and cycle. One of an earlier cycle than the
  // enrolment's live one was renewed: still verifiable, shown as "renovado".
  cycle: integer("cycle").notNull().default(1),
  holderName: text("holder_name").notNull(),
  // The holder's RUT when the account had one at issue (normalised); printed on the PDF, masked on the public page.
  holderRut: text("holder_rut"),
  courseTitle: text("course_title").notNull(),
  // Hours as printed when issued: the course's lesson time rounded to the half hour (2.5).
  hours: doublePrecision("hours").notNull(),
  issuedAt: timestamp("issued_at", tz).notNull().defaultNow(),
  // The holder had their personal data deleted: the certificate stays verifiable, the public page withholds the name.
  holderWithheld: boolean("holder_withheld").notNull().default(false),
  // The last Chile day it counts (docs/certificate-validity.md), fixed at issue from the course's validity; null: no expiry.
  validUntil: date("valid_until", { mode: "string" }),
  // Revoked by an admin: the verification page says so; the reason is for the academy only, never shown publicly.
  revokedAt: timestamp("revoked_at", tz),
  revokedReason: text("revoked_reason"),
  revokedBy: text("revoked_by").references(() => user.id, { onDelete: "set null" }),
  // 'theory' (the online course) or 'theory_practice' once an instructor signed off its in-person skills session
  // (docs/decisions.md F2); `skills` says what was assessed, by whom (credential), where and when, as signed.
  kind: text("kind").notNull().default("theory"),
  skills: jsonb("skills").$type<CertificateSkills | null>(),
}, (t) => [
  uniqueIndex("certificate_enrolment_cycle_uq").on(t.enrolmentId, t.cycle),
  index("certificate_issued_at_idx").on(t.issuedAt),
  // Reminders and the expiry report read certificates by their last valid day.
  index("certificate_valid_until_idx").on(t.validUntil).where(sql`${t.validUntil} is not null`),
]);

// Expiry reminders (docs/certificate-validity.md): one row per certificate and threshold (days before its last valid
// day), inserted in the transaction that queues the mail — the primary key is the claim, so two processes or a
// restart send it once. A threshold skipped by a late look is claimed with `mailed` false.
export const certificateReminder = pgTable(
  "certificate_reminder",
  {
    certificateId: integer("certificate_id")
      .notNull()
      .references(() => certificate.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
    sentAt: timestamp("sent_at", tz).notNull().defaultNow(),
    mailed: boolean("mailed").notNull().default(true),
    // The company that enrolled the holder: its managers get a digest; null for a learner on their own.
    companyId: integer("company_id").references(() => company.id, { onDelete: "set null" }),
    // When the company's digest that lists it was queued; null while it waits.
    digestedAt: timestamp("digested_at", tz),
  },
  (t) => [
    primaryKey({ columns: [t.certificateId, t.threshold] }),
    index("certificate_reminder_digest_idx").on(t.companyId).where(sql`${t.companyId} is not null and ${t.digestedAt} is null`),
  ],
);

/** The practical part of a teórico-práctico certificate, copied from the signed-off skills session. */
export interface CertificateSkills {
  assessed: string[];
  instructorName: string;
  instructorTitle: string;
  credential: string;
  place: string;
  sessionStartsAt: string; // ISO instant
  signedOffAt: string; // ISO instant
}

// ── Contact ────────────────────────────────────────────────────────────────
export const contactMessage = pgTable(
  "contact_message",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    handledAt: timestamp("handled_at", tz),
  },
  (t) => [
    index("contact_message_created_idx").on(t.createdAt),
    index("contact_message_ip_idx").on(t.ip, t.createdAt),
    // "Por hacer" counts the unhandled ones on every admin page.
    index("contact_message_unhandled_idx").on(t.createdAt).where(sql`${t.handledAt} is null`),
  ],
);

// An administrator's answer to a contact message (docs/admin-guide.md, "Mensajes"), mailed to the person; every
// answer kept, in order, so the next administrator sees what was already said.
export const contactReply = pgTable(
  "contact_reply",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessage.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", tz).notNull(),
  },
  (t) => [index("contact_reply_message_idx").on(t.messageId, t.sentAt)],
);

// ── Outbox: every outgoing mail and deferred account job, written in the transaction that caused it and
// delivered by the worker (platform/outbox/worker.server.ts) with retries, so nothing is lost when SMTP or the disk fails.
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(), // 'mail' | 'passwordReset' | 'passwordChangedNotice'
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"), // pending | sending | sent | failed
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", tz).notNull().defaultNow(),
    // While 'sending': a worker that dies mid-delivery leaves the job to be retried after this moment.
    lockedUntil: timestamp("locked_until", tz),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    doneAt: timestamp("done_at", tz),
    // Whom the job's mail went to (lower-case) and its subject, written when it is delivered, so support can
    // answer "¿me llegó el certificado?" from /admin/correos: most jobs know their recipient only when they run.
    recipients: text("recipients").array(),
    subject: text("subject"),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.runAt),
    index("outbox_created_idx").on(t.createdAt),
    index("outbox_recipients_idx").using("gin", t.recipients),
  ],
);

// ── Row counts kept by triggers (see the stat_counters migration), so dashboard badges and per-course
// student/certificate counts never count(*) a large table. Each key is spread over a few slots so
// concurrent writers rarely wait on the same row; a count is the sum of its slots.
export const statCounter = pgTable(
  "stat_counter",
  {
    key: text("key").notNull(), // 'user', 'enrolment', 'enrolment:course:<id>', 'certificate:course:<id>'
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
);

// ── Settings generated once and shared by every instance (e.g. the auth secret when none is configured) ──
export const setting = pgTable("setting", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ── Audit log: what an admin changed that touches money or access (platform/audit.server.ts). Append-only: a
// trigger refuses UPDATE, DELETE and TRUNCATE (see the audit_log migration). No foreign keys on purpose: the
// record outlives the account of whoever acted or was acted on, and a cascade would be a DELETE.
export const auditEvent = pgTable(
  "audit_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", tz).notNull(),
    actorId: text("actor_id"), // null: the academy itself (a scheduled job, a provider's callback)
    actorEmail: text("actor_email"), // as it was when acting
    action: text("action").notNull(), // app/domain/audit.ts names each one
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    subjectLabel: text("subject_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    note: text("note"),
  },
  (t) => [
    index("audit_event_at_idx").on(t.at, t.id),
    index("audit_event_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_event_action_idx").on(t.action, t.at),
  ],
);

// ── Commerce (docs/decisions.md E1): orders, their payment, refund and history; coupons; waiting lists ──
// Money is whole CLP in integer columns. An order causes at most one payment and one refund (unique
// order_id), and the enrolment it pays for is written in the same transaction that marks it paid.
export const coupon = pgTable(
  "coupon",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(), // stored upper-case
    kind: text("kind").notNull(), // percent | fixed
    value: integer("value").notNull(), // 1–100 (percent) or whole CLP (fixed)
    courseId: integer("course_id").references(() => course.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", tz),
    maxUses: integer("max_uses"),
    // Orders holding the coupon (pending or paid); a rejected, cancelled or failed order gives its use back.
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("coupon_created_idx").on(t.createdAt)],
);

export const order = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(), // shown to people: 'K7QM-4XTP'
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(1),
    unitPriceClp: integer("unit_price_clp").notNull(),
    subtotalClp: integer("subtotal_clp").notNull(),
    discountClp: integer("discount_clp").notNull().default(0),
    amountClp: integer("amount_clp").notNull(), // what is charged: subtotal - discount
    couponId: integer("coupon_id").references(() => coupon.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    method: text("method").notNull(), // webpay | transfer | free
    status: text("status").notNull().default("pending"), // pending | paid | rejected | cancelled | refunded | failed
    // Webpay Plus: buy_order (≤ 26), session_id (≤ 61) and the transaction's token.
    buyOrder: text("buy_order").unique(),
    sessionId: text("session_id"),
    token: text("token").unique(),
    webpayUrl: text("webpay_url"), // where the browser posts token_ws, as create answered
    enrolmentId: integer("enrolment_id").references(() => enrolment.id, { onDelete: "set null" }),
    // Seats bought by a company's manager (docs/decisions.md E2): paid, the quantity is credited to this company.
    companyId: integer("company_id").references(() => company.id, { onDelete: "restrict" }),
    // A seat in a priced skills session (docs/skills-sessions.md, "Priced sessions"): paid, the learner is booked in
    // it instead of enrolled in the course (course_id is the session's course). Null for a course or a company's seats.
    skillsSessionId: integer("skills_session_id").references((): AnyPgColumn => skillsSession.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    paidAt: timestamp("paid_at", tz),
    closedAt: timestamp("closed_at", tz), // rejected, cancelled or failed
    refundedAt: timestamp("refunded_at", tz),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_course_created_idx").on(t.courseId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_skills_session_idx").on(t.skillsSessionId).where(sql`${t.skillsSessionId} is not null`),
  ],
);

// What a buyer uploaded to show they made the transfer of an order (docs/payments.md, "Proof of transfer"): kept
// with the order, as the payment's own record, for as long as the order is; every upload stays (a wrong photo and
// the right one), the newest first.
export const transferProof = pgTable(
  "transfer_proof",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    assetId: integer("asset_id")
      .notNull()
      .references(() => asset.id, { onDelete: "restrict" }),
    // The name the buyer's file had, cleaned; the asset's own name is the order's.
    filename: text("filename").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", tz).notNull(),
  },
  (t) => [index("transfer_proof_order_idx").on(t.orderId, t.uploadedAt)],
);

export const payment = pgTable("payment", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .unique()
    .references(() => order.id, { onDelete: "restrict" }),
  method: text("method").notNull(), // webpay | transfer | free
  amountClp: integer("amount_clp").notNull(),
  authorizationCode: text("authorization_code"),
  cardLast4: text("card_last4"),
  paymentTypeCode: text("payment_type_code"),
  installments: integer("installments"),
  transactionDate: timestamp("transaction_date", tz),
  recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }), // the admin, for a transfer
  raw: jsonb("raw"),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

export const refund = pgTable("refund", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .unique()
    .references(() => order.id, { onDelete: "restrict" }),
  amountClp: integer("amount_clp").notNull(),
  kind: text("kind").notNull(), // reversed | nullified (Webpay) | manual (transfer, free)
  reason: text("reason"),
  accessKept: boolean("access_kept").notNull().default(false),
  authorizationCode: text("authorization_code"),
  byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
  raw: jsonb("raw"),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

export const orderEvent = pgTable(
  "order_event",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }), // null: the system or Webpay
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("order_event_order_idx").on(t.orderId, t.id)],
);

// ── Tax documents (docs/decisions.md F4): a boleta or factura per paid sale, a nota de crédito per refund ──
// Legal records: kept six years (Código Tributario art. 17, art. 200) and never changed once issued. Triggers of
// the tax_documents migration refuse deleting a document, changing an issued one's folio, type, amounts or
// content, and changing or deleting its history.

/** The buyer's answer at checkout: boleta (optional RUT) or factura with its data; one row per order. */
export const taxBuyer = pgTable("tax_buyer", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => order.id, { onDelete: "restrict" }),
  receipt: text("receipt").notNull(), // boleta | factura
  rut: text("rut"),
  businessName: text("business_name"),
  giro: text("giro"),
  address: text("address"),
  comuna: text("comuna"),
  purchaseOrder: text("purchase_order"),
  senceActionId: text("sence_action_id"),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

export const taxDocument = pgTable(
  "tax_document",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(), // sale | credit
    type: integer("type").notNull(), // the SII's: 33, 34, 39, 41, 61
    state: text("state").notNull().default("pending"), // DOCUMENT_STATES in domain/tax-documents.ts
    // Sent to the provider as its Idempotency-Key: the order's number, the kind and an attempt that changes only
    // when a person has checked the provider (review) or the SII rejected the document.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The document as sent (domain/tax-documents.ts DocumentDraft): receiver, lines, totals, references. */
    draft: jsonb("draft").notNull(),
    totalClp: integer("total_clp").notNull(),
    folio: integer("folio"),
    providerToken: text("provider_token"),
    siiStatus: text("sii_status"), // SII_STATUSES, once issued
    issuedAt: timestamp("issued_at", tz),
    pdfAssetId: integer("pdf_asset_id").references(() => asset.id, { onDelete: "restrict" }),
    // A nota de crédito: the sale's document it cancels.
    creditsDocumentId: integer("credits_document_id").references((): AnyPgColumn => taxDocument.id, { onDelete: "restrict" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // The first attempt whose outcome is unknown (the answer was lost): from then on the provider's idempotency
    // window is counting, and past it a new attempt could issue a second document.
    uncertainSince: timestamp("uncertain_since", tz),
    // The buyer got a mail about this document (the receipt with its PDF, or a notice that it is on its way).
    buyerNotified: boolean("buyer_notified").notNull().default(false),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    // One live document of each kind per order: two confirmations of one payment cannot both create one.
    uniqueIndex("tax_document_order_kind_uq").on(t.orderId, t.kind).where(sql`${t.state} <> 'rejected'`),
    index("tax_document_state_idx").on(t.state, t.createdAt),
  ],
);

export const taxDocumentEvent = pgTable(
  "tax_document_event",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => taxDocument.id, { onDelete: "restrict" }),
    event: text("event").notNull(), // queued | attempt_failed | issued | refused | review | status | retry_requested | rejected
    state: text("state").notNull(),
    note: text("note"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("tax_document_event_document_idx").on(t.documentId, t.id)],
);

export const courseWaitlist = pgTable(
  "course_waitlist",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // lower-case
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", tz),
  },
  (t) => [uniqueIndex("course_waitlist_course_email_uq").on(t.courseId, t.email), index("course_waitlist_created_idx").on(t.createdAt)],
);

// ── Companies (docs/decisions.md E2): seats per course, managers, workers enrolled through the company ──
export const company = pgTable(
  "company",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(), // razón social
    rut: text("rut").notNull().unique(), // normalised ('76543210-3', app/domain/rut.ts)
    giro: text("giro"),
    // Where its facturas are addressed (the SII's DirRecep and CmnaRecep); asked for at its first seat purchase.
    address: text("address"),
    comuna: text("comuna"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("company_name_idx").on(t.name)],
);

export const companyManager = pgTable(
  "company_manager",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    // The daily mail naming the workers who completed a course; each manager may turn it off.
    completionDigest: boolean("completion_digest").notNull().default(true),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("company_manager_user_idx").on(t.userId)],
);

// One row per company × course that ever held seats: the row every seat-consuming transaction locks
// (SELECT … FOR UPDATE) before it sums the ledger, so two enrolments cannot both take the last seat.
export const companySeatPool = pgTable(
  "company_seat_pool",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.courseId] })],
);

// Seats available = sum(delta). Credits: grant (an admin, with a reason), purchase (a paid order, once per
// order); debits: a worker enrolled or invited; a revoked invitation gives its seat back.
export const companySeatLedger = pgTable(
  "company_seat_ledger",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    kind: text("kind").notNull(), // SEAT_KINDS in domain/companies.ts
    reason: text("reason"),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => order.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("company_seat_ledger_pool_idx").on(t.companyId, t.courseId),
    // A paid order is credited once, however often its payment is confirmed.
    uniqueIndex("company_seat_ledger_order_uq").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

// Which enrolments came through which company: the only ones its managers see.
export const companyEnrolment = pgTable(
  "company_enrolment",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "cascade" }),
    enrolmentId: integer("enrolment_id")
      .notNull()
      .unique()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    // The day (Chile's calendar) the company asks the worker to finish by; null when it set none.
    dueOn: date("due_on", { mode: "string" }),
    // The company's own groups of this assignment (free text, from the upload or edited in the portal).
    sucursal: text("sucursal"),
    faena: text("faena"),
    centroCosto: text("centro_costo"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    // What the compliance matrix classifies, copied here by triggers (migration compliance_cell_facts) so that a
    // company's matrix reads one row per cell instead of probing enrolment and certificate for each of tens of
    // thousands of cells: the enrolment's live cycle and its newest certificate (any cycle; the matrix decides
    // whether it still counts). Never written by the application.
    liveCycle: integer("live_cycle").notNull().default(1),
    certificateId: integer("certificate_id"),
    certificateCycle: integer("certificate_cycle"),
    certificateValidUntil: date("certificate_valid_until", { mode: "string" }),
    certificateRevoked: boolean("certificate_revoked"),
  },
  (t) => [index("company_enrolment_company_course_idx").on(t.companyId, t.courseId)],
);

// Which automatic nudges a company switched on (docs/admin-guide.md, "Empresas"): a mail to a worker N days without
// activity, N days before the due date, the day after it passed; null days or false is off. No row: all off.
export const companyNudgeSetting = pgTable("company_nudge_setting", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => company.id, { onDelete: "cascade" }),
  inactiveDays: integer("inactive_days"),
  beforeDueDays: integer("before_due_days"),
  overdue: boolean("overdue").notNull().default(false),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

// One row per enrolment and rule ('inactive', 'before-due', 'overdue', 'completed'), inserted in the transaction that
// queues its mail: the primary key is the claim, so two processes or a look repeated after a restart send it once.
// A rule a late look passed over is claimed with mailed false. 'completed' rows wait for the managers' daily digest.
export const companyNudge = pgTable(
  "company_nudge",
  {
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", tz).notNull(),
    mailed: boolean("mailed").notNull().default(true),
    digestedAt: timestamp("digested_at", tz),
  },
  (t) => [
    primaryKey({ columns: [t.enrolmentId, t.rule] }),
    index("company_nudge_digest_idx").on(t.companyId).where(sql`${t.rule} = 'completed' and ${t.digestedAt} is null`),
  ],
);

// The managers' digest of workers who completed: one per company and Chile day (the unique key is the claim).
export const companyCompletionDigest = pgTable(
  "company_completion_digest",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

// Invitations by e-mail: a worker to a course (holds a seat until accepted or revoked), or a manager.
// Only the SHA-256 of the token is stored; the link in the mail carries the token itself.
// A manager's reminder to a worker about a course the company assigned (docs/admin-guide.md, "Empresas"): one per
// worker and Chile day, however many times the button is pressed or by how many managers at once.
export const companyReminder = pgTable(
  "company_reminder",
  {
    id: serial("id").primaryKey(),
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    sentOn: date("sent_on", { mode: "string" }).notNull(), // a Chile calendar day
    byUserId: text("by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("company_reminder_once_a_day_uq").on(t.enrolmentId, t.sentOn)],
);

export const companyInvitation = pgTable(
  "company_invitation",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(), // worker | manager
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    courseId: integer("course_id").references(() => course.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // lower-case
    name: text("name").notNull(),
    rut: text("rut"), // normalised; required for workers
    // The due date the enrolment gets when the invitation is accepted (Chile's calendar); workers only.
    dueOn: date("due_on", { mode: "string" }),
    // Its groups, passed to the enrolment like the due date.
    sucursal: text("sucursal"),
    faena: text("faena"),
    centroCosto: text("centro_costo"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    sentAt: timestamp("sent_at", tz).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", tz),
    acceptedUserId: text("accepted_user_id").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", tz),
  },
  (t) => [
    index("company_invitation_company_idx").on(t.companyId, t.courseId),
    // "Por hacer" counts the open ones about to expire on every admin page.
    index("company_invitation_open_expiry_idx").on(t.expiresAt).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // One open invitation per company, worker and course (two companies may invite one person: what one company
    // sent is not the other's to know), and per manager and company.
    uniqueIndex("company_invitation_open_worker_uq")
      .on(t.companyId, t.courseId, t.email)
      .where(sql`${t.kind} = 'worker' and ${t.acceptedAt} is null and ${t.revokedAt} is null`),
    uniqueIndex("company_invitation_open_manager_uq")
      .on(t.companyId, t.email)
      .where(sql`${t.kind} = 'manager' and ${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

// The compliance matrix as it stood at the first look of each month (docs/certificate-validity.md, "Monthly
// snapshots"): one row per company and month (the unique key every taker inserts against, so a month is written
// once), and one row per worker of it. Kept per worker, not as one document, so a person's rows are found, exported
// and anonymised by the privacy map like any other table's.
export const complianceSnapshot = pgTable(
  "compliance_snapshot",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    month: date("month").notNull(), // the month's first day, Chile's calendar
    takenAt: timestamp("taken_at", tz).notNull(),
    courses: jsonb("courses").$type<{ id: number; title: string }[]>().notNull(),
    workers: integer("workers").notNull(),
    truncated: boolean("truncated").notNull().default(false),
  },
  (t) => [uniqueIndex("compliance_snapshot_company_month_uq").on(t.companyId, t.month)],
);

export const complianceSnapshotRow = pgTable(
  "compliance_snapshot_row",
  {
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => complianceSnapshot.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    invitationId: integer("invitation_id").references(() => companyInvitation.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    rut: text("rut"),
    // By course id: [state, last valid day, certificate code]; a course without an entry was "sin curso".
    cells: jsonb("cells").$type<SnapshotCells>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    index("compliance_snapshot_row_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
    index("compliance_snapshot_row_invitation_idx").on(t.invitationId).where(sql`${t.invitationId} is not null`),
  ],
);

// ── Report summaries, kept by triggers (see the report_summaries migration) so a report sums a
// year of daily rows instead of scanning up to a million enrolments or unnesting two million answers.
// Enrolments ('enrolled', by enrolled_at) and completed courses ('completed', by completed_at) per course
// and Chile day, spread over a few slots like stat_counter.
export const enrolmentDayStat = pgTable(
  "enrolment_day_stat",
  {
    courseId: integer("course_id").notNull(),
    kind: text("kind").notNull(),
    day: date("day").notNull(),
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.courseId, t.slot] })],
);

// What became of each day's enrolments (the course results funnel follows the people who enrolled in the
// period), per course and Chile day *of enrolment*: 'started' (value 0), 'completed' (value: whole hours from
// enrolling to completing, for the median), 'module' (value: the module id, from modules_done), 'passed'
// (value 0, from exam_passed). Kept by a statement-level trigger on enrolment, spread over slots.
export const enrolmentCohortStat = pgTable(
  "enrolment_cohort_stat",
  {
    courseId: integer("course_id").notNull(),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    value: integer("value").notNull(),
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day, t.kind, t.value, t.slot] })],
);

// Answers per exam lesson, Chile day (of submission), question and chosen bank option (-1 = blank); for a
// 'multiple' question, chosen is the set of bank options marked as a bitmask (bit k: option k), so both who got it
// exactly right and how often each option was marked can be read from it.
export const examAnswerStat = pgTable(
  "exam_answer_stat",
  {
    lessonId: integer("lesson_id").notNull(),
    day: date("day").notNull(),
    questionId: integer("question_id").notNull(),
    chosen: integer("chosen").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.day, t.questionId, t.chosen] })],
);

// Submitted attempts per exam lesson and Chile day: kind 'score' counts them by score band (value = 0, 10, …, 100);
// kind 'pass' counts first passes by the number of the attempt that passed (value = 1, 2, …).
export const examAttemptDayStat = pgTable(
  "exam_attempt_day_stat",
  {
    lessonId: integer("lesson_id").notNull(),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    value: integer("value").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.day, t.kind, t.value] })],
);

// ── SENCE (docs/decisions.md F3, docs/sence.md): the OTEC's configuration, the training actions companies pay through
// the franquicia tributaria, the workers enrolled under them, their sessions at SENCE's attendance register (RCE)
// and every callback as it arrived. Attendance is a legal record: rows are never deleted, and a deleted enrolment
// or account leaves its sessions (with the RUN they were registered under) in place.
export const senceConfig = pgTable("sence_config", {
  id: text("id").primaryKey(), // 'otec': the academy is one OTEC
  rutOtec: text("rut_otec").notNull(), // normalised, as SENCE wants it ('76543210-3')
  // The OTEC's token sealed with AES-256-GCM under SENCE_TOKEN_KEY (sence/token-crypto.server.ts); never in clear.
  tokenSealed: text("token_sealed").notNull(),
  tokenLast4: text("token_last4").notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

export const senceAction = pgTable(
  "sence_action",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "restrict" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "restrict" }),
    codSence: text("cod_sence").notNull(), // the course's SENCE code ('' for line 1, '-1' in test)
    codigoCurso: text("codigo_curso").notNull(), // the action's id (ID de acción)
    line: integer("line").notNull().default(3),
    environment: text("environment").notNull(), // test (rcetest) | production (rce)
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("sence_action_company_idx").on(t.companyId, t.createdAt),
    // An action id names one action at SENCE; the test environment's -1 wildcard may repeat.
    uniqueIndex("sence_action_code_uq").on(t.environment, t.codigoCurso).where(sql`${t.codigoCurso} <> '-1'`),
  ],
);

export const senceParticipant = pgTable(
  "sence_participant",
  {
    id: serial("id").primaryKey(),
    actionId: integer("action_id")
      .notNull()
      .references(() => senceAction.id, { onDelete: "restrict" }),
    enrolmentId: integer("enrolment_id").references(() => enrolment.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    run: text("run").notNull(), // normalised RUT, as sent to SENCE
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", tz).notNull().defaultNow(),
    // Taken out of the action (paid privately after all): the lock lifts, the sessions stay.
    removedAt: timestamp("removed_at", tz),
    removedBy: text("removed_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("sence_participant_action_enrolment_uq").on(t.actionId, t.enrolmentId),
    // A worker's enrolment is under one action at a time: the one whose sessions open its content.
    uniqueIndex("sence_participant_active_uq").on(t.enrolmentId).where(sql`${t.removedAt} is null`),
    index("sence_participant_action_idx").on(t.actionId),
  ],
);

export const senceSession = pgTable(
  "sence_session",
  {
    id: serial("id").primaryKey(),
    participantId: integer("participant_id")
      .notNull()
      .references(() => senceParticipant.id, { onDelete: "restrict" }),
    // IdSesionAlumno: unguessable (32 random bytes), the only thing that ties SENCE's callback to this row.
    correlationId: text("correlation_id").notNull().unique(),
    status: text("status").notNull().default("pending"), // SENCE_SESSION_STATUSES in domain/sence-session.ts
    // What was sent, which every callback must echo.
    environment: text("environment").notNull(),
    runAlumno: text("run_alumno").notNull(),
    codSence: text("cod_sence").notNull(),
    codigoCurso: text("codigo_curso").notNull(),
    line: integer("line").notNull(),
    requestedAt: timestamp("requested_at", tz).notNull(),
    senceSessionId: text("sence_session_id"), // IdSesionSence, from the start's callback
    startedAt: timestamp("started_at", tz), // when the start's callback arrived
    senceStartedAt: text("sence_started_at"), // FechaHora as SENCE wrote it
    zonaHoraria: text("zona_horaria"),
    closeRequestedAt: timestamp("close_requested_at", tz),
    closedAt: timestamp("closed_at", tz),
    senceClosedAt: text("sence_closed_at"),
    failedAt: timestamp("failed_at", tz),
    expiredAt: timestamp("expired_at", tz),
    // The codes of the latest error: the start's (status failed) or the last close that failed (still open).
    errorCodes: text("error_codes").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("sence_session_participant_idx").on(t.participantId, t.requestedAt),
    // One live session per worker and action: a new sign-in first ends a pending one past its deadline.
    uniqueIndex("sence_session_live_uq").on(t.participantId).where(sql`${t.status} in ('pending', 'open')`),
  ],
);

// Every callback as it arrived, whether it changed anything or not. Append-only: a trigger refuses UPDATE and
// DELETE (see the migration). No foreign key, so nothing that happens to a session can touch its log.
export const senceCallback = pgTable(
  "sence_callback",
  {
    id: serial("id").primaryKey(),
    receivedAt: timestamp("received_at", tz).notNull(),
    arrival: text("arrival").notNull(), // retoma | error
    sessionId: integer("session_id"),
    // The urlencoded body's pairs as received (bounded by the route's body limit); null when it was refused unread.
    fields: jsonb("fields").$type<[string, string][] | null>(),
    result: text("result").notNull(), // e.g. 'applied:open', 'ignored:replay', 'refused:oversize'
    address: text("address"),
  },
  (t) => [index("sence_callback_session_idx").on(t.sessionId, t.id), index("sence_callback_received_idx").on(t.receivedAt)],
);

// ── Personal data (Ley 21.719, docs/privacy.md): requests to exercise a right, who looked at a person's data, breaches ──
export const privacyRequest = pgTable(
  "privacy_request",
  {
    id: serial("id").primaryKey(),
    // Null when the person has no account (they wrote by mail) — the e-mail and name are then what they gave.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(), // PRIVACY_REQUEST_KINDS in domain/privacy.ts
    channel: text("channel").notNull(), // web | mail
    details: text("details").notNull().default(""),
    status: text("status").notNull().default("pending"), // pending | done | refused
    receivedAt: timestamp("received_at", tz).notNull(),
    dueOn: date("due_on").notNull(), // the legal deadline, a calendar day in Chile
    answeredAt: timestamp("answered_at", tz),
    answer: text("answer"),
    /** What other laws kept when a deletion was carried out, each with its reason. */
    keptItems: jsonb("kept_items").$type<{ item: string; reason: string }[] | null>(),
    openedBy: text("opened_by").references(() => user.id, { onDelete: "set null" }),
    answeredBy: text("answered_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("privacy_request_status_idx").on(t.status, t.receivedAt),
    index("privacy_request_user_idx").on(t.userId),
    // One open request of each kind per person: a double click or two tabs cannot open two.
    uniqueIndex("privacy_request_pending_uq").on(t.userId, t.kind).where(sql`${t.status} = 'pending' and ${t.userId} is not null`),
  ],
);

// Who exported or looked at a person's data (the person themselves, an admin, a company's manager). No foreign keys:
// the log outlives both accounts.
export const privacyAccessLog = pgTable(
  "privacy_access_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", tz).notNull(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    subjectUserId: text("subject_user_id"),
    subjectCompanyId: integer("subject_company_id"),
    action: text("action").notNull(), // ACCESS_ACTIONS in domain/privacy.ts
  },
  (t) => [index("privacy_access_log_subject_idx").on(t.subjectUserId, t.at), index("privacy_access_log_at_idx").on(t.at)],
);

// Every time a person gave or withdrew the marketing consent (user.marketing_consent is the current state): proof of
// what they chose and when. Append-only (a trigger refuses UPDATE); deleted with the person.
export const marketingConsentEvent = pgTable(
  "marketing_consent_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    given: boolean("given").notNull(),
    // Where it was chosen: 'registro' (the sign-up box) or 'perfil' (/perfil).
    source: text("source").notNull(),
    at: timestamp("at", tz).notNull(),
  },
  (t) => [index("marketing_consent_event_user_idx").on(t.userId, t.at)],
);

// The breach register: what happened, when, whom it affects, and when the Agency and the people were told.
export const privacyBreach = pgTable(
  "privacy_breach",
  {
    id: serial("id").primaryKey(),
    description: text("description").notNull(),
    occurredAt: timestamp("occurred_at", tz),
    detectedAt: timestamp("detected_at", tz).notNull(),
    affected: text("affected").notNull(),
    measures: text("measures").notNull().default(""),
    reportedAt: timestamp("reported_at", tz), // to the Agencia de Protección de Datos Personales
    peopleNotifiedAt: timestamp("people_notified_at", tz),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("privacy_breach_detected_idx").on(t.detectedAt)],
);

// ── In-person skills sessions (docs/skills-sessions.md) ──────────────────────
// An instructor (relator) is a user with this profile: the profile is the role. What it says is printed on the
// teórico-práctico certificates the instructor signs.
export const instructor = pgTable("instructor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "restrict" }),
  displayName: text("display_name").notNull(),
  title: text("title").notNull(),
  credential: text("credential").notNull(),
  credentialExpiresOn: date("credential_expires_on"),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

export const skillsSession = pgTable(
  "skills_session",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", tz).notNull(),
    durationMin: integer("duration_min").notNull(),
    placeKind: text("place_kind").notNull(), // venue | company ("en la empresa")
    address: text("address").notNull().default(""),
    comuna: text("comuna").notNull().default(""),
    placeNotes: text("place_notes").notNull().default(""),
    companyId: integer("company_id").references(() => company.id, { onDelete: "restrict" }),
    capacity: integer("capacity").notNull(),
    // Seats held (booked, and offered to someone promoted from the waiting list): changed only under the
    // session's row lock, in the transaction that books, cancels or promotes.
    seatsTaken: integer("seats_taken").notNull().default(0),
    instructorId: text("instructor_id")
      .notNull()
      .references(() => instructor.userId, { onDelete: "restrict" }),
    priceClp: integer("price_clp"), // null = included in the course
    status: text("status").notNull().default("open"), // open | cancelled | done ('completa' is open with no seat left)
    cancelHoursBefore: integer("cancel_hours_before").notNull().default(24),
    offerHours: integer("offer_hours").notNull().default(24),
    signedOffAt: timestamp("signed_off_at", tz),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("skills_session_course_idx").on(t.courseId, t.startsAt),
    index("skills_session_instructor_idx").on(t.instructorId, t.startsAt),
    // The reminders' look, every few minutes, at the open sessions of the next two days.
    index("skills_session_open_start_idx").on(t.startsAt).where(sql`${t.status} = 'open'`),
    check("skills_session_seats_ck", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.capacity}`),
  ],
);

export const skillsBooking = pgTable(
  "skills_booking",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => skillsSession.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull(),
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolment.id, { onDelete: "cascade" }),
    // booked | waiting | offered (promoted, holding a seat until offer_expires_at) | cancelled | expired | closed (signed off)
    status: text("status").notNull(),
    createdAt: timestamp("created_at", tz).notNull(), // the waiting list's order
    bookedAt: timestamp("booked_at", tz),
    offeredAt: timestamp("offered_at", tz),
    offerExpiresAt: timestamp("offer_expires_at", tz),
    cancelledAt: timestamp("cancelled_at", tz),
    cancelledBy: text("cancelled_by").references(() => user.id, { onDelete: "set null" }),
    attendance: text("attendance"), // present | absent
    attendanceAt: timestamp("attendance_at", tz),
    result: text("result"), // pass | needs_practice
    resultNote: text("result_note").notNull().default(""),
    assessedAt: timestamp("assessed_at", tz),
    // When each reminder before the session was queued (sessions/reminders.server.ts): set once, by the update
    // that claims it, so a reminder goes out once however many workers look at the same moment.
    reminder48hAt: timestamp("reminder_48h_at", tz),
    reminder2hAt: timestamp("reminder_2h_at", tz),
    // Who took the seat when it was not the learner: a company's manager booking for a worker, or the admin who
    // moved the learner here from another date.
    bookedBy: text("booked_by").references(() => user.id, { onDelete: "set null" }),
    // The paid order that bought this seat (a priced session): cancelling the seat refunds it.
    orderId: integer("order_id").references((): AnyPgColumn => order.id, { onDelete: "set null" }),
  },
  (t) => [
    index("skills_booking_session_idx").on(t.sessionId, t.status, t.createdAt),
    index("skills_booking_user_idx").on(t.userId, t.createdAt),
    // A learner holds one live place per course: a seat, a place in line or an offer.
    uniqueIndex("skills_booking_live_uq").on(t.userId, t.courseId).where(sql`${t.status} in ('booked', 'waiting', 'offered')`),
    // One seat per paid order, however often its payment is confirmed.
    uniqueIndex("skills_booking_order_uq").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

// Each checklist item as the instructor marked it, with the item's words and guideline as they were then.
export const skillsCheck = pgTable(
  "skills_check",
  {
    bookingId: integer("booking_id")
      .notNull()
      .references(() => skillsBooking.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    label: text("label").notNull(),
    guideline: text("guideline").notNull(),
    passed: boolean("passed").notNull(),
    note: text("note").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.itemKey] })],
);

// A company's request for a private skills session at its premises; the admin schedules one from it ("en la
// empresa"), which links the session here.
export const skillsSessionRequest = pgTable(
  "skills_session_request",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => course.id, { onDelete: "restrict" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    people: integer("people").notNull(),
    preferredDates: text("preferred_dates").notNull(),
    address: text("address").notNull(),
    comuna: text("comuna").notNull(),
    notes: text("notes").notNull().default(""),
    status: text("status").notNull().default("pending"), // pending | scheduled
    sessionId: integer("session_id").references(() => skillsSession.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("skills_session_request_company_idx").on(t.companyId, t.createdAt), index("skills_session_request_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`)],
);

// One schema for the embedded PGlite and for a PostgreSQL server: nothing dialect-specific.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
    // Chilean RUT, normalised ('12345678-5', app/domain/rut.ts); optional, one account per RUT.
    rut: text("rut"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_rut_uq").on(t.rut).where(sql`${t.rut} is not null`),
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
export const course = pgTable(
  "course",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    level: text("level").notNull(),
    /**
     * @deprecated Typed hours, no longer read or written (decisions.md D1): hours come from the lessons'
     * durations (~/domain/course-hours). Kept, nullable, so older rows and inserts stay valid.
     */
    durationHours: integer("duration_hours"),
    priceClp: integer("price_clp"), // null = 'Precio por confirmar'
    modality: text("modality").notNull().default(""),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull().default(""),
    audience: text("audience").notNull().default(""),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    materials: text("materials").notNull().default(""),
    certification: text("certification").notNull().default(""),
    imageUrl: text("image_url"),
    nextDate: text("next_date"), // ISO date (yyyy-mm-dd), a calendar day in Chile
    location: text("location").notNull().default(""),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    instructorName: text("instructor_name").notNull().default(""),
    instructorTitle: text("instructor_title").notNull().default(""),
    status: text("status").notNull().default("draft"), // draft | published
    // Hash of the catalogue file it was loaded from; lets a re-load tell "unchanged" from "edited by an admin".
    sourceHash: text("source_hash"),
    // When the catalogue last wrote this course (load or refresh), set to the same instant as updated_at.
    // The course editor moves updated_at on every change, so updated_at > catalogue_synced_at means an
    // admin edited the course by hand and a catalogue refresh must leave it alone (catalogue-refresh.server.ts).
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
    // catalogue loader (app/server/reading.server.ts); the PDF stays as the download. Null: PDF viewer.
    readingHtml: text("reading_html"),
    downloadable: boolean("downloadable").notNull().default(false),
    status: text("status").notNull().default("pending"), // published | pending
    // The lesson's identity in the built-in catalogue (lessonKey: its file stem, or "<type>#<n>" for a lesson
    // without a file), so a refresh updates the same row and learners' completions and attempts keep their link.
    catalogueKey: text("catalogue_key"),
  },
  (t) => [index("lesson_module_idx").on(t.moduleId, t.position)],
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
    options: text("options").array().notNull(),
    correctIndex: integer("correct_index").notNull(), // never sent to a learner before grading
    explanation: text("explanation").notNull().default(""),
    // The lesson that teaches the answer (not the exam lesson above), so a learner who misses the
    // question can be sent to it; null when unknown or when that lesson is deleted.
    sourceLessonId: integer("source_lesson_id").references(() => lesson.id, { onDelete: "set null" }),
    // A question taken out of the bank after learners answered it (a catalogue refresh removed or rewrote
    // it): never drawn again, kept so the attempts that drew it can still be read.
    retiredAt: timestamp("retired_at", tz),
  },
  (t) => [index("question_lesson_idx").on(t.lessonId), index("question_source_lesson_idx").on(t.sourceLessonId)],
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
    answers: jsonb("answers").$type<number[] | null>(),
    // Answers saved as the learner chooses them (question id → shown option), so an open attempt resumes
    // after a reload or a closed tab; grading reads only what is submitted.
    draftAnswers: jsonb("draft_answers").$type<Record<string, number> | null>(),
    score: integer("score"),
    passed: boolean("passed"),
    startedAt: timestamp("started_at", tz).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", tz),
  },
  (t) => [
    uniqueIndex("exam_attempt_number_uq").on(t.userId, t.lessonId, t.attemptNumber),
    index("exam_attempt_user_lesson_idx").on(t.userId, t.lessonId),
    // The reports (issue #18): attempts submitted in a period, per exam and overall.
    index("exam_attempt_lesson_submitted_idx").on(t.lessonId, t.submittedAt),
    index("exam_attempt_submitted_idx").on(t.submittedAt),
  ],
);

export const certificate = pgTable("certificate", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  enrolmentId: integer("enrolment_id")
    .notNull()
    .unique()
    .references(() => enrolment.id, { onDelete: "cascade" }),
  holderName: text("holder_name").notNull(),
  // The holder's RUT when the account had one at issue (normalised); printed on the PDF, masked on the public page.
  holderRut: text("holder_rut"),
  courseTitle: text("course_title").notNull(),
  // Hours as printed when issued: the course's lesson time rounded to the half hour (2.5).
  hours: doublePrecision("hours").notNull(),
  issuedAt: timestamp("issued_at", tz).notNull().defaultNow(),
}, (t) => [index("certificate_issued_at_idx").on(t.issuedAt)]);

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
  (t) => [index("contact_message_created_idx").on(t.createdAt), index("contact_message_ip_idx").on(t.ip, t.createdAt)],
);

// ── Outbox: every outgoing mail and deferred account job, written in the transaction that caused it and
// delivered by the worker (outbox-worker.server.ts) with retries, so nothing is lost when SMTP or the disk fails.
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
  },
  (t) => [index("outbox_due_idx").on(t.status, t.runAt), index("outbox_created_idx").on(t.createdAt)],
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

// ── Commerce (decisions.md E1): orders, their payment, refund and history; coupons; waiting lists ──
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
    // Seats bought by a company's manager (decisions.md E2): paid, the quantity is credited to this company.
    companyId: integer("company_id").references(() => company.id, { onDelete: "restrict" }),
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
  ],
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

// ── Companies (decisions.md E2): seats per course, managers, workers enrolled through the company ──
export const company = pgTable(
  "company",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(), // razón social
    rut: text("rut").notNull().unique(), // normalised ('76543210-3', app/domain/rut.ts)
    giro: text("giro"),
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
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [index("company_enrolment_company_course_idx").on(t.companyId, t.courseId)],
);

// Invitations by e-mail: a worker to a course (holds a seat until accepted or revoked), or a manager.
// Only the SHA-256 of the token is stored; the link in the mail carries the token itself.
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
    // One open invitation per worker and course, and per manager and company.
    uniqueIndex("company_invitation_open_worker_uq")
      .on(t.courseId, t.email)
      .where(sql`${t.kind} = 'worker' and ${t.acceptedAt} is null and ${t.revokedAt} is null`),
    uniqueIndex("company_invitation_open_manager_uq")
      .on(t.companyId, t.email)
      .where(sql`${t.kind} = 'manager' and ${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

// ── Report summaries (issue #18), kept by triggers (see the report_summaries migration) so a report sums a
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

// Answers per exam lesson, Chile day (of submission), question and chosen bank option (-1 = blank).
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

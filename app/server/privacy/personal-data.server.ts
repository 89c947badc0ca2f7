// The map of personal data (Ley 21.719, docs/privacy.md): for every table of the schema, which columns hold
// personal data, which rows are about a given person, what "Mis datos" exports of them, and what deleting the
// person does to them — delete, anonymise, or keep with the law that requires it.
//
// The export (export.server.ts) and the deletion (deletion.server.ts) are driven by this list, so a table is
// exported and erased exactly as it is classified here. tests/integration/privacy/personal-data-coverage.test.ts
// reads the Drizzle schema and fails when a table or a column is missing from this list: a new table or column
// is classified here, by whoever adds it, before it can land.
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as t from "../platform/db/schema";

/**
 * What a column holds. `personal`: identifies or describes a person (name, e-mail, RUT, phone, address, answers,
 * an address or device, free text they wrote). `link`: an id pointing at a person's account (pseudonymous: it
 * names nobody once the account is anonymised). `secret`: credentials and tokens — never exported, deleted with
 * their row. `actor`: the account of whoever acted on the row (staff, a company's manager) — the row is not about
 * them, and an anonymised account leaves only an id. `none`: no personal data.
 */
export type ColumnKind = "personal" | "link" | "actor" | "secret" | "none";

/** Whom a deletion or export is about. */
export interface Subject {
  userId: string;
  /** Lower-case. */
  email: string;
  /** Normalised ('12345678-5') or null. */
  rut: string | null;
}

export type EraseStep =
  | { do: "delete"; where?: (s: Subject) => SQL }
  | { do: "anonymise"; where?: (s: Subject) => SQL; set: (s: Subject) => Record<string, unknown> }
  | { do: "keep"; where?: (s: Subject) => SQL; reason: string; item: string; set?: (s: Subject) => Record<string, unknown> };

export interface TableRule {
  table: PgTable;
  /** Every column of the table, by its SQL name. */
  columns: Record<string, ColumnKind>;
  /** The rows about the person; null for a table that holds nobody's personal data. */
  about: ((s: Subject) => SQL) | null;
  /** The file name in the export (without extension); null: not exported, `why` says why. */
  exportAs: string | null;
  /** Reshapes a row before it is exported (drops what is not the person's, e.g. a job's internals). */
  redact?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** What deleting the person does to `about`'s rows, in order; empty for a table without personal data. */
  erase: EraseStep[];
  why?: string;
}

function cols(spec: Partial<Record<ColumnKind, string>>): Record<string, ColumnKind> {
  const out: Record<string, ColumnKind> = {};
  for (const [kind, names] of Object.entries(spec) as [ColumnKind, string][]) {
    for (const name of names.split(/\s+/).filter(Boolean)) out[name] = kind;
  }
  return out;
}

/** The e-mail an anonymised account gets: unique, not deliverable (.invalid, RFC 2606), free for a new sign-up. */
export function anonymousEmail(userId: string): string {
  return `eliminada-${userId.toLowerCase()}@eliminada.invalid`;
}
export const ANONYMOUS_NAME = "Persona eliminada";

const KEEP = {
  tax: "Código Tributario (art. 17 y 200): los documentos tributarios y la venta que los respalda se conservan 6 años.",
  certificate:
    "El certificado emitido debe seguir siendo verificable como auténtico; la página pública ya no muestra el nombre ni el RUT.",
  sence: "Registro de asistencia SENCE de una acción con franquicia tributaria (Ley 19.518): la OTEC debe conservarlo.",
  audit: "Registro de auditoría de acciones de administración sobre dinero o accesos: es de solo anexión y sirve de prueba.",
  skills:
    "Registro de asistencia y evaluación práctica firmado por un relator: respalda el certificado teórico-práctico, que debe seguir siendo verificable.",
  instructor: "Identifica a quien firmó evaluaciones y certificados teórico-prácticos, que deben seguir siendo verificables.",
  request: "Constancia de la solicitud y de su respuesta (prueba de haber respondido el derecho ejercido), sin nombre ni correo.",
};

const byUser = (column: SQL | unknown) => (s: Subject) => sql`${column} = ${s.userId}`;
const ofOrders = (column: unknown) => (s: Subject) => sql`${column} in (select id from orders where user_id = ${s.userId})`;
const ofEnrolments = (column: unknown) => (s: Subject) => sql`${column} in (select id from enrolment where user_id = ${s.userId})`;
const withCertificate = (s: Subject) =>
  sql`${t.enrolment.id} in (select c.enrolment_id from certificate c join enrolment e on e.id = c.enrolment_id where e.user_id = ${s.userId})`;
/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards in it taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${likeLiteral(text)}%`;

/** In erase order: rows that point at others first, the account last. */
export const PERSONAL_DATA: TableRule[] = [
  // ── Accounts ──
  {
    table: t.session,
    columns: cols({ secret: "token", personal: "ip_address user_agent", link: "user_id", actor: "impersonated_by", none: "id expires_at created_at updated_at" }),
    about: byUser(t.session.userId),
    exportAs: "sesiones",
    erase: [{ do: "delete" }],
  },
  {
    table: t.account,
    columns: cols({
      secret: "access_token refresh_token id_token password",
      link: "user_id account_id",
      none: "id provider_id access_token_expires_at refresh_token_expires_at scope created_at updated_at",
    }),
    about: byUser(t.account.userId),
    exportAs: "credenciales",
    erase: [{ do: "delete" }],
  },
  {
    table: t.verification,
    // Better Auth's tokens: a password reset keeps the account id as its value, a verification the e-mail.
    columns: cols({ personal: "identifier", secret: "value", none: "id expires_at created_at updated_at" }),
    about: (s) => sql`${t.verification.identifier} = ${s.email} or ${t.verification.value} = ${s.userId}`,
    exportAs: null,
    why: "Solo enlaces de un uso (restablecer contraseña) que vencen solos; exportarlos no dice nada de la persona.",
    erase: [{ do: "delete" }],
  },
  {
    table: t.loginAttempt,
    columns: cols({ personal: "key", none: "id attempted_at" }),
    // Keyed by purpose ('email:', 'signup:'…) and the address.
    about: (s) => sql`${t.loginAttempt.key} like ${"%:" + likeLiteral(s.email)}`,
    exportAs: "intentos-de-ingreso-fallidos",
    erase: [{ do: "delete" }],
  },
  {
    table: t.marketingConsentEvent,
    columns: cols({ link: "user_id", personal: "given at", none: "id source" }),
    about: byUser(t.marketingConsentEvent.userId),
    exportAs: "historial-permiso-novedades",
    erase: [{ do: "delete" }],
  },
  {
    table: t.contactReply,
    // An administrator's answer to the person's message: about them, and erased with it.
    columns: cols({ personal: "body", actor: "by_user_id", none: "id message_id sent_at" }),
    about: (s) => sql`${t.contactReply.messageId} in (select id from contact_message where lower(email) = ${s.email})`,
    exportAs: "respuestas-a-mensajes-de-contacto",
    erase: [{ do: "delete" }],
  },
  {
    table: t.contactMessage,
    columns: cols({ personal: "name email phone subject message ip", none: "id created_at handled_at" }),
    about: (s) => sql`lower(${t.contactMessage.email}) = ${s.email}`,
    exportAs: "mensajes-de-contacto",
    erase: [{ do: "delete" }],
  },
  {
    table: t.outbox,
    columns: cols({ personal: "payload recipients subject", none: "id kind status attempts run_at locked_until last_error created_at done_at" }),
    // Mails and account jobs carry the address or the account id in their payload; a delivered job names whom it reached.
    about: (s) =>
      sql`(${t.outbox.payload}::text like ${containing(s.email)} or ${t.outbox.payload}::text like ${containing(s.userId)} or ${t.outbox.recipients} @> array[${s.email}]::text[])`,
    exportAs: "correos",
    // A mail's recipient, subject and text; a job's links carry one-time tokens, which are not the person's data.
    redact: (row) => {
      const payload = row.payload as { mail?: { to?: string; subject?: string; text?: string } } | null;
      const recipients = row.recipients as string[] | null;
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        created_at: row.created_at,
        done_at: row.done_at,
        to: payload?.mail?.to ?? recipients?.join(", ") ?? null,
        subject: payload?.mail?.subject ?? row.subject ?? null,
        text: payload?.mail?.text ?? null,
      };
    },
    erase: [{ do: "delete" }],
  },
  {
    table: t.courseWaitlist,
    columns: cols({ personal: "email", link: "user_id", none: "id course_id created_at notified_at" }),
    about: (s) => sql`(${t.courseWaitlist.email} = ${s.email} or ${t.courseWaitlist.userId} = ${s.userId})`,
    exportAs: "listas-de-espera",
    erase: [{ do: "delete" }],
  },

  // ── Learning ──
  {
    table: t.lessonCompletion,
    columns: cols({ link: "enrolment_id", none: "lesson_id completed_at" }),
    about: ofEnrolments(t.lessonCompletion.enrolmentId),
    exportAs: "lecciones-completadas",
    erase: [{ do: "delete" }],
  },
  {
    // Time on task per lesson (docs/decisions.md F8): when and how long the learner studied — about them.
    table: t.lessonStudy,
    columns: cols({
      link: "enrolment_id",
      personal: "seconds visit_started_at visit_seconds credited_until reached_end segments media_seconds updated_at",
      none: "cycle lesson_id",
    }),
    about: ofEnrolments(t.lessonStudy.enrolmentId),
    exportAs: "tiempo-de-estudio",
    erase: [{ do: "delete" }],
  },
  {
    // A renewed cycle as it stood (docs/certificate-validity.md, "Renewal"): goes and stays with its enrolment.
    table: t.enrolmentCycle,
    columns: cols({ link: "enrolment_id certificate_id order_id", personal: "progress completed_at modules_done exam_passed", actor: "by_user_id", none: "cycle enrolled_at ended_at renewed_via company_id" }),
    about: ofEnrolments(t.enrolmentCycle.enrolmentId),
    exportAs: "ciclos-anteriores",
    // A renewed cycle always ended with a certificate, so its enrolment is always one kept (see enrolment below).
    erase: [{ do: "keep", item: "Ciclos anteriores de cursos renovados (con su certificado)", reason: KEEP.certificate }],
  },
  {
    table: t.enrolmentCycleLesson,
    columns: cols({ link: "enrolment_id", none: "cycle lesson_id completed_at" }),
    about: ofEnrolments(t.enrolmentCycleLesson.enrolmentId),
    exportAs: "lecciones-de-ciclos-anteriores",
    why: "Las lecciones completadas en un ciclo anterior: se borran con la inscripción (on delete cascade) o quedan con la que tiene certificado.",
    erase: [],
  },
  {
    table: t.examAttempt,
    columns: cols({ link: "user_id", personal: "answers draft_answers score passed", none: "id lesson_id attempt_number question_ids option_order started_at submitted_at ended_cycle" }),
    about: byUser(t.examAttempt.userId),
    exportAs: "intentos-de-examen",
    erase: [{ do: "delete" }],
  },
  {
    table: t.certificate,
    // skills: what the relator assessed, with the relator's name and credential, as printed (docs/skills-sessions.md).
    // revoked_reason: why the academy revoked it (free text that may describe the holder); kept with the certificate.
    columns: cols({ personal: "holder_name holder_rut revoked_reason skills", link: "enrolment_id", actor: "revoked_by", none: "id code course_title hours issued_at holder_withheld valid_until revoked_at kind cycle" }),
    about: ofEnrolments(t.certificate.enrolmentId),
    exportAs: "certificados",
    erase: [{ do: "keep", item: "Certificados emitidos", reason: KEEP.certificate, set: () => ({ holderWithheld: true }) }],
  },
  {
    table: t.companyEnrolment,
    // live_cycle and certificate_*: the enrolment's and its newest certificate's facts, copied for the compliance matrix.
    columns: cols({
      link: "user_id enrolment_id certificate_id",
      actor: "by_user_id",
      personal: "sucursal faena centro_costo",
      none: "id company_id course_id due_on created_at live_cycle certificate_cycle certificate_valid_until certificate_revoked",
    }),
    about: byUser(t.companyEnrolment.userId),
    exportAs: "inscripciones-por-empresa",
    why: "Enlaza la inscripción con la empresa: se borra con la inscripción (on delete cascade) o queda con la que tiene certificado, sin los grupos de la empresa (sucursal, faena, centro de costo).",
    // Goes with the enrolment it names (foreign key, on delete cascade); one kept for a certificate stays with it,
    // without the company's groups, which describe the person.
    erase: [{ do: "anonymise", set: () => ({ sucursal: null, faena: null, centroCosto: null }) }],
  },
  {
    table: t.senceSession,
    columns: cols({
      personal: "run_alumno",
      none: "id participant_id correlation_id status environment cod_sence codigo_curso line requested_at sence_session_id started_at sence_started_at zona_horaria close_requested_at closed_at sence_closed_at failed_at expired_at error_codes",
    }),
    // By the account only: a RUT on a profile is what its owner declared and another account may hold the same
    // one (schema.ts, user.rut), so matching by it would hand one person's SENCE record to whoever typed their RUT.
    about: (s) => sql`${t.senceSession.participantId} in (select id from sence_participant where user_id = ${s.userId})`,
    exportAs: "sence-sesiones",
    erase: [{ do: "keep", item: "Sesiones SENCE (asistencia)", reason: KEEP.sence }],
  },
  {
    table: t.senceParticipant,
    columns: cols({ personal: "run", link: "user_id enrolment_id", actor: "added_by removed_by", none: "id action_id added_at removed_at" }),
    about: (s) => sql`${t.senceParticipant.userId} = ${s.userId}`,
    exportAs: "sence-participaciones",
    erase: [{ do: "keep", item: "Participación en acciones SENCE (RUN)", reason: KEEP.sence }],
  },
  {
    table: t.senceCallback,
    columns: cols({ personal: "fields address", none: "id received_at arrival session_id result" }),
    // The callback's pairs carry the RUN as sent ('12345678-5'); the log has no link to an account. The RUNs that
    // are this person's are those SENCE was given for their own participations (digits, '-' and 'K': nothing a
    // LIKE pattern reads as a wildcard), never the RUT on the profile (see sence_session above).
    about: (s) => sql`${t.senceCallback.fields}::text like any (select '%"' || run || '"%' from sence_participant where user_id = ${s.userId})`,
    exportAs: "sence-avisos-recibidos",
    erase: [{ do: "keep", item: "Avisos de SENCE recibidos", reason: `${KEEP.sence} La tabla es de solo anexión (un trigger impide modificarla).` }],
  },
  {
    table: t.enrolment,
    columns: cols({ link: "user_id", personal: "progress completed_at modules_done exam_passed", none: "id course_id enrolled_at last_lesson_id cycle" }),
    about: byUser(t.enrolment.userId),
    exportAs: "inscripciones",
    erase: [
      { do: "keep", where: withCertificate, item: "Inscripciones con certificado emitido", reason: KEEP.certificate },
      { do: "delete", where: (s) => sql`not (${withCertificate(s)})` },
    ],
  },

  // ── In-person skills sessions (docs/skills-sessions.md) ──
  {
    table: t.skillsCheck,
    columns: cols({ personal: "passed note", link: "booking_id", none: "item_key label guideline" }),
    about: (s) => sql`${t.skillsCheck.bookingId} in (select id from skills_booking where user_id = ${s.userId})`,
    exportAs: "evaluaciones-practicas",
    erase: [
      { do: "delete", where: (s) => sql`${t.skillsCheck.bookingId} in (select id from skills_booking where user_id = ${s.userId} and status <> 'closed')` },
      { do: "keep", item: "Evaluaciones prácticas firmadas por un relator", reason: KEEP.skills },
    ],
  },
  {
    table: t.skillsBooking,
    columns: cols({
      link: "user_id enrolment_id",
      personal: "attendance attendance_at result result_note assessed_at",
      actor: "cancelled_by booked_by",
      none: "id session_id course_id status created_at booked_at offered_at offer_expires_at cancelled_at reminder_48h_at reminder_2h_at order_id",
    }),
    about: byUser(t.skillsBooking.userId),
    exportAs: "sesiones-practicas",
    erase: [
      { do: "delete", where: (s) => sql`${t.skillsBooking.userId} = ${s.userId} and ${t.skillsBooking.status} <> 'closed'` },
      { do: "keep", item: "Asistencia a sesiones prácticas firmadas", reason: KEEP.skills },
    ],
  },
  {
    table: t.instructor,
    columns: cols({ link: "user_id", personal: "display_name title credential credential_expires_on", none: "created_at updated_at" }),
    about: byUser(t.instructor.userId),
    exportAs: "perfil-de-relator",
    erase: [{ do: "keep", item: "Perfil de relator", reason: KEEP.instructor }],
  },
  {
    table: t.skillsSession,
    columns: cols({
      actor: "instructor_id created_by",
      none: "id course_id starts_at duration_min place_kind address comuna place_notes company_id capacity seats_taken price_clp status cancel_hours_before offer_hours signed_off_at created_at updated_at",
    }),
    about: null,
    exportAs: null,
    erase: [],
    why: "Una sesión práctica no es de una persona: su relator y quien la programó figuran como actores.",
  },
  {
    table: t.skillsSessionRequest,
    columns: cols({
      actor: "requested_by",
      none: "id company_id course_id people preferred_dates address comuna notes status session_id created_at updated_at",
    }),
    about: null,
    exportAs: null,
    erase: [],
    why: "La solicitud de una sesión en la empresa es de la empresa (su dirección y fechas); quien la pidió figura como actor.",
  },

  // ── Companies ──
  {
    table: t.companyManager,
    columns: cols({ link: "user_id", actor: "added_by", none: "company_id completion_digest created_at" }),
    about: byUser(t.companyManager.userId),
    exportAs: "empresas-que-administra",
    erase: [{ do: "delete" }],
  },
  {
    // A company's monthly compliance snapshot, one row per worker (docs/certificate-validity.md, "Monthly
    // snapshots"): the name and RUT the matrix showed, and each course's state, last valid day and certificate
    // code. Before company_invitation: a person only invited is found by their invitation's e-mail, which the
    // invitation's own erasure then replaces.
    table: t.complianceSnapshotRow,
    columns: cols({ personal: "name rut cells", link: "user_id invitation_id", none: "snapshot_id position" }),
    about: (s) =>
      sql`(${t.complianceSnapshotRow.userId} = ${s.userId} or ${t.complianceSnapshotRow.invitationId} in (select id from company_invitation where email = ${s.email} or accepted_user_id = ${s.userId}))`,
    exportAs: "cumplimiento-fotos-mensuales",
    // Anonymised, not deleted: the company's record of that month still counts them, without naming them; the
    // certificate code goes too (it would lead back to the person through the certificate's page).
    erase: [
      {
        do: "anonymise",
        set: () => ({
          name: ANONYMOUS_NAME,
          rut: null,
          cells: sql`(select coalesce(jsonb_object_agg(e.key, jsonb_build_array(e.value -> 0, e.value -> 1, null)), '{}'::jsonb) from jsonb_each(${t.complianceSnapshotRow.cells}) e)`,
        }),
      },
    ],
  },
  {
    table: t.companyInvitation,
    columns: cols({
      personal: "email name rut sucursal faena centro_costo",
      secret: "token_hash",
      link: "accepted_user_id", actor: "created_by",
      none: "id kind company_id course_id due_on expires_at created_at sent_at accepted_at revoked_at",
    }),
    about: (s) => sql`(${t.companyInvitation.email} = ${s.email} or ${t.companyInvitation.acceptedUserId} = ${s.userId})`,
    exportAs: "invitaciones",
    erase: [{ do: "anonymise", set: (s) => ({ email: anonymousEmail(s.userId), name: ANONYMOUS_NAME, rut: null, sucursal: null, faena: null, centroCosto: null }) }],
  },
  {
    table: t.company,
    // A company's own data is not personal; its contact person's is.
    columns: cols({ personal: "contact_name contact_email contact_phone", actor: "created_by", none: "id name rut giro address comuna created_at" }),
    about: (s) => sql`lower(${t.company.contactEmail}) = ${s.email}`,
    exportAs: "empresas-donde-es-contacto",
    erase: [{ do: "anonymise", set: (s) => ({ contactName: ANONYMOUS_NAME, contactEmail: anonymousEmail(s.userId), contactPhone: "" }) }],
  },

  // ── Commerce: kept for the tax law ──
  {
    table: t.taxDocumentEvent,
    columns: cols({ actor: "actor_user_id", personal: "note", none: "id document_id event state created_at" }),
    about: (s) => sql`${t.taxDocumentEvent.documentId} in (select d.id from tax_document d join orders o on o.id = d.order_id where o.user_id = ${s.userId})`,
    exportAs: "documentos-tributarios-historial",
    erase: [{ do: "keep", item: "Historial de los documentos tributarios", reason: KEEP.tax }],
  },
  {
    table: t.taxDocument,
    columns: cols({
      personal: "draft",
      secret: "provider_token idempotency_key",
      none: "id order_id kind type state total_clp folio sii_status issued_at pdf_asset_id credits_document_id attempts last_error uncertain_since buyer_notified created_at updated_at",
    }),
    about: ofOrders(t.taxDocument.orderId),
    exportAs: "documentos-tributarios",
    erase: [{ do: "keep", item: "Boletas, facturas y notas de crédito", reason: KEEP.tax }],
  },
  {
    table: t.taxBuyer,
    columns: cols({ personal: "rut business_name giro address comuna purchase_order", none: "order_id receipt sence_action_id created_at" }),
    about: ofOrders(t.taxBuyer.orderId),
    exportAs: "datos-de-facturacion",
    erase: [{ do: "keep", item: "Datos del receptor de boletas y facturas", reason: KEEP.tax }],
  },
  {
    table: t.orderEvent,
    columns: cols({ actor: "actor_user_id", personal: "note", none: "id order_id from_status to_status created_at" }),
    about: ofOrders(t.orderEvent.orderId),
    exportAs: "compras-historial",
    erase: [{ do: "keep", item: "Historial de las compras", reason: KEEP.tax }],
  },
  {
    table: t.refund,
    columns: cols({ actor: "by_user_id", personal: "reason raw", none: "id order_id amount_clp kind access_kept authorization_code created_at" }),
    about: ofOrders(t.refund.orderId),
    exportAs: "reembolsos",
    erase: [{ do: "keep", item: "Reembolsos", reason: KEEP.tax }],
  },
  {
    table: t.payment,
    columns: cols({
      personal: "card_last4 raw",
      actor: "recorded_by",
      none: "id order_id method amount_clp authorization_code payment_type_code installments transaction_date created_at",
    }),
    about: ofOrders(t.payment.orderId),
    exportAs: "pagos",
    erase: [{ do: "keep", item: "Pagos", reason: KEEP.tax }],
  },
  {
    table: t.transferProof,
    // The file (in the file store) is the bank's receipt: the buyer's name and account, kept with the order.
    columns: cols({ link: "uploaded_by", personal: "filename", none: "id order_id asset_id uploaded_at" }),
    about: ofOrders(t.transferProof.orderId),
    exportAs: "comprobantes-de-transferencia",
    erase: [{ do: "keep", item: "Comprobantes de transferencia que subió", reason: `${KEEP.tax} El comprobante respalda el pago de la venta.` }],
  },
  {
    table: t.order,
    columns: cols({
      link: "user_id",
      secret: "token session_id",
      none: "id number course_id quantity unit_price_clp subtotal_clp discount_clp amount_clp coupon_id coupon_code method status buy_order webpay_url enrolment_id company_id skills_session_id created_at updated_at paid_at closed_at refunded_at",
    }),
    about: byUser(t.order.userId),
    exportAs: "compras",
    erase: [{ do: "keep", item: "Compras", reason: KEEP.tax }],
  },

  // ── Logs ──
  {
    table: t.auditEvent,
    columns: cols({
      link: "actor_id",
      personal: "actor_email subject_label before after note",
      none: "id at action subject_type subject_id",
    }),
    about: (s) => sql`(${t.auditEvent.actorId} = ${s.userId} or (${t.auditEvent.subjectType} = 'user' and ${t.auditEvent.subjectId} = ${s.userId}) or lower(${t.auditEvent.subjectLabel}) = ${s.email})`,
    exportAs: "auditoria",
    erase: [{ do: "keep", item: "Registro de auditoría", reason: `${KEEP.audit} Un trigger impide modificarlo o borrarlo.` }],
  },
  {
    table: t.privacyAccessLog,
    columns: cols({ link: "actor_id subject_user_id", personal: "actor_email", none: "id at subject_company_id action" }),
    about: (s) => sql`(${t.privacyAccessLog.subjectUserId} = ${s.userId} or ${t.privacyAccessLog.actorId} = ${s.userId})`,
    exportAs: "accesos-a-sus-datos",
    erase: [
      {
        do: "anonymise",
        where: (s) => sql`${t.privacyAccessLog.actorId} = ${s.userId}`,
        set: () => ({ actorEmail: null }),
      },
    ],
  },
  {
    table: t.privacyRequest,
    columns: cols({ personal: "email name details", link: "user_id", actor: "opened_by answered_by", none: "id kind channel status received_at due_on answered_at answer kept_items" }),
    about: (s) => sql`(${t.privacyRequest.userId} = ${s.userId} or lower(${t.privacyRequest.email}) = ${s.email})`,
    exportAs: "solicitudes-de-privacidad",
    erase: [
      {
        do: "keep",
        item: "Solicitudes de privacidad (sin nombre ni correo)",
        reason: KEEP.request,
        set: (s) => ({ email: anonymousEmail(s.userId), name: ANONYMOUS_NAME, details: "" }),
      },
    ],
  },

  // ── The account itself: anonymised in place (orders point at it with on delete restrict) ──
  {
    table: t.user,
    columns: cols({
      personal: "name email image phone address rut marketing_consent marketing_consent_at last_sign_in_at",
      // Which notice the account accepted and when describes the notice, not the person; it stays on the
      // anonymised row as the record of what they were told.
      // When an inactivity warning was sent is the account's own state, cleared by a sign-in or the deletion.
      none: "id email_verified role banned ban_reason ban_expires created_at updated_at deleted_at privacy_notice_version privacy_notice_accepted_at inactivity_warned_at",
    }),
    about: (s) => sql`${t.user.id} = ${s.userId}`,
    exportAs: "cuenta",
    erase: [
      {
        do: "anonymise",
        set: (s) => ({
          name: ANONYMOUS_NAME,
          email: anonymousEmail(s.userId),
          image: null,
          phone: null,
          address: null,
          rut: null,
          marketingConsent: false,
          marketingConsentAt: null,
          lastSignInAt: null,
          inactivityWarnedAt: null,
          emailVerified: false,
          banned: true,
          banReason: "Datos personales eliminados a petición de la persona",
        }),
      },
    ],
  },

  // ── No personal data ──
  ...(
    [
      [t.asset, "id storage_key filename mime size sha256 created_at", "Archivos de cursos y PDFs; el PDF de un documento tributario se guarda con el documento."],
      [t.course, "id slug title category level duration_hours price_clp modality description long_description audience topics materials certification image_url cover next_date location requirements instructor_name instructor_title status tax_treatment validity_months renewal_price_clp source_hash catalogue_synced_at created_at updated_at", "El curso; el instructor figura como docente, en su rol profesional."],
      [t.courseModule, "id course_id position title description", "Contenido."],
      [t.category, "id name created_at", "Categorías del catálogo."],
      [t.lesson, "id module_id position title type duration_min asset_id captions_asset_id body reading_html doc downloadable status catalogue_key exam_blueprint exam_settings", "Contenido."],
      [t.lessonImage, "id lesson_id width height small_width large_asset_id small_asset_id fallback_asset_id fallback_format created_at", "Imágenes de las lecturas (sin metadatos)."],
      [t.question, "id lesson_id external_id prompt kind options correct_index correct_set explanation source_lesson_id topic retired_at", "Contenido."],
      [t.statCounter, "key slot n", "Conteos."],
      [t.setting, "key value", "Configuración."],
      [t.coupon, "id code kind value course_id expires_at max_uses uses active created_at|created_by", "Cupones (created_by: el administrador que lo creó)."],
      [t.companySeatPool, "company_id course_id created_at", "Cupos de una empresa."],
      [t.companySeatLedger, "id company_id course_id delta kind reason order_id created_at|by_user_id", "Movimientos de cupos de una empresa; by_user_id es quien actuó (personal de la empresa o de la academia)."],
      [t.enrolmentDayStat, "course_id kind day slot n", "Conteos agregados."],
      [t.enrolmentCohortStat, "course_id day kind value slot n", "Conteos agregados."],
      [t.examAnswerStat, "lesson_id day question_id chosen n", "Conteos agregados."],
      [t.examAttemptDayStat, "lesson_id day kind value n", "Conteos agregados."],
      [t.senceConfig, "id rut_otec token_sealed token_last4 updated_at|updated_by", "La configuración SENCE del OTEC (una persona jurídica)."],
      [t.senceAction, "id company_id course_id cod_sence codigo_curso line environment starts_on ends_on created_at updated_at|created_by", "Una acción de capacitación de una empresa."],
      [t.certificateReminder, "certificate_id threshold sent_at mailed company_id digested_at", "Solo marca qué aviso de vencimiento de un certificado ya se envió; se borra con el certificado."],
      [t.complianceSnapshot, "id company_id month taken_at courses workers truncated", "La cabecera de la foto mensual de una empresa: sus cursos, el mes, cuándo se tomó y cuántas filas tiene; las personas están en compliance_snapshot_row."],
      [t.companyReminder, "id enrolment_id company_id sent_on created_at|by_user_id", "Solo marca qué día el encargado de una empresa envió un recordatorio a una inscripción; se borra con ella."],
      [t.companyNudgeSetting, "company_id inactive_days before_due_days overdue updated_at|updated_by", "Qué avisos automáticos activó una empresa."],
      [t.companyNudge, "enrolment_id rule company_id sent_at mailed digested_at", "Solo marca qué aviso automático de una inscripción ya se envió; se borra con ella."],
      [t.companyCompletionDigest, "company_id day sent_at", "Solo marca qué día se envió a los encargados de una empresa el resumen de quienes completaron."],
      [t.privacyBreach, "id description occurred_at detected_at affected measures reported_at people_notified_at created_at|created_by", "El registro de brechas describe grupos afectados, nunca a una persona por su nombre."],
    ] as [PgTable, string, string][]
  ).map(([table, names, why]): TableRule => {
    const [none, actor = ""] = names.split("|");
    return { table, columns: cols({ none, actor }), about: null, exportAs: null, erase: [], why };
  }),
];

// A list of workers uploaded by a company's manager (CSV or XLSX, columns nombre, correo, RUT): reading the
// table, and checking every row before anything is written, so the preview names each row's problems.
import { emailField } from "./companies";
import { withoutControlChars } from "./plain-text";
import { parseRut, RUT_MESSAGES } from "./rut";
import { MAX_NAME_LENGTH } from "./account-limits";
import { formatCount } from "./format";
import { GROUP_KINDS, groupMessages, normaliseGroup, type GroupKind } from "./company-groups";

/** More rows than this in one file are refused (the import runs in one transaction). */
export const MAX_ROSTER_ROWS = 2000;

export const rosterMessages = {
  fileRequired: "Elige un archivo CSV o Excel (.xlsx) con las columnas nombre, correo y RUT.",
  fileType: "El archivo debe ser CSV (.csv) o Excel (.xlsx).",
  fileUnreadable: "No pudimos leer el archivo. Guárdalo como CSV (separado por ; o ,) o como Excel (.xlsx) e inténtalo de nuevo.",
  fileTooLarge: "El archivo es demasiado grande para una lista de trabajadores. Deja solo las columnas nombre, correo y RUT, o divídelo en partes más pequeñas.",
  busy: "Estamos revisando muchas listas en este momento. Inténtalo de nuevo en un momento.",
  noHeader: "No encontramos los encabezados nombre, correo y RUT en la primera fila del archivo.",
  empty: "El archivo no tiene filas de trabajadores.",
  tooMany: `El archivo tiene más de ${formatCount(MAX_ROSTER_ROWS)} filas. Divídelo en partes más pequeñas.`,
  nameRequired: "Falta el nombre.",
  nameTooLong: `El nombre tiene más de ${MAX_NAME_LENGTH} caracteres.`,
  emailInvalid: "El correo no es válido.",
  rutRequired: "Falta el RUT.",
  rutInvalid: RUT_MESSAGES.invalid.replace("Ingresa un RUT válido", "El RUT no es válido"),
  rutCheckDigit: RUT_MESSAGES.checkDigit,
  duplicateEmail: (line: number) => `Correo repetido en el archivo (también en la fila ${line}).`,
  duplicateRut: (line: number) => `RUT repetido en el archivo (también en la fila ${line}).`,
  alreadyEnrolled: "Ya está inscrito en este curso por la empresa.",
  alreadyInvited: "Ya tiene una invitación vigente de la empresa para este curso.",
  noSeat: "No quedan cupos para esta fila.",
  nothingValid: "No hay filas válidas para inscribir.",
  seatsChanged: "Los cupos cambiaron mientras revisabas la lista. Revisa la vista previa de nuevo.",
  imported: (invited: number) =>
    `Listo: ${invited === 1 ? "enviamos 1 invitación" : `enviamos ${formatCount(invited)} invitaciones`}. Cada persona quedará inscrita cuando acepte la suya.`,
} as const;

// ── From a table to rows ──────────────────────────────────────────────────────

export interface RosterInput {
  /** The row's number as the manager sees it in the spreadsheet (the header is row 1). */
  line: number;
  name: string;
  email: string;
  rut: string;
  /** The optional columns sucursal, faena and centro de costo, as typed ('' when absent). */
  sucursal?: string;
  faena?: string;
  centroCosto?: string;
}

const fold = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

const HEADERS: Record<"name" | "email" | "rut", string[]> = {
  name: ["nombre", "nombres", "nombrecompleto", "name", "trabajador"],
  email: ["correo", "correoelectronico", "email", "mail", "emailaddress"],
  rut: ["rut", "run", "rutrun"],
};

/** The optional group columns (company-groups.ts). */
const GROUP_HEADERS: Record<GroupKind, string[]> = {
  sucursal: ["sucursal", "sede", "oficina"],
  faena: ["faena", "obra", "proyecto"],
  centroCosto: ["centrodecosto", "centrodecostos", "centrocosto", "centrocostos", "ceco", "cc"],
};

/** A spreadsheet's non-empty row, numbered as the spreadsheet numbers it. */
export interface TableRowInput {
  line: number;
  cells: readonly string[];
}

/** The rows of a table whose first row names the columns nombre, correo and RUT (any order, any case, accents). */
export function rosterFromTable(table: readonly TableRowInput[]): { ok: true; rows: RosterInput[] } | { ok: false; message: string } {
  const header = (table[0]?.cells ?? []).map((h) => fold(String(h)));
  const col = (k: keyof typeof HEADERS) => header.findIndex((h) => HEADERS[k].includes(h));
  const idx = { name: col("name"), email: col("email"), rut: col("rut") };
  if (idx.name < 0 || idx.email < 0 || idx.rut < 0) return { ok: false, message: rosterMessages.noHeader };
  const groupIdx = Object.fromEntries(GROUP_KINDS.map((k) => [k, header.findIndex((h) => GROUP_HEADERS[k].includes(h))])) as Record<GroupKind, number>;
  const rows: RosterInput[] = [];
  for (let i = 1; i < table.length; i++) {
    const { line, cells } = table[i]!;
    const get = (j: number) => withoutControlChars(String(cells[j] ?? "")).trim();
    const row: RosterInput = { line, name: get(idx.name), email: get(idx.email), rut: get(idx.rut) };
    for (const k of GROUP_KINDS) if (groupIdx[k] >= 0) row[k] = get(groupIdx[k]);
    if (!row.name && !row.email && !row.rut) continue;
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, message: rosterMessages.empty };
  if (rows.length > MAX_ROSTER_ROWS) return { ok: false, message: rosterMessages.tooMany };
  return { ok: true, rows };
}

// ── Checking rows ─────────────────────────────────────────────────────────────

export interface RosterRow extends RosterInput {
  /** Normalised e-mail (lower-case) and RUT ('12345678-5') when valid, else as typed. */
  normalEmail: string;
  normalRut: string;
  problems: string[];
}

/**
 * What the database says about the rows' people, gathered by the server in a few queries — only what concerns
 * the manager's own company: whether an e-mail has an account, is an admin, studies the course on its own or
 * holds a RUT is other people's business, and the preview must not answer it (every row becomes an invitation
 * its owner accepts, companies/invitations.server.ts).
 */
export interface RosterContext {
  /** Lower-case e-mails of the people this company already enrolled in the course. */
  enrolled: Set<string>;
  /** Lower-case e-mails with an open invitation of this company to the course. */
  invited: Set<string>;
  /** Free seats of the company for the course. */
  free: number;
}

/** Checks each row on its own, then against the file, then against the database; the seats go to the first valid rows. */
export function checkRoster(rows: RosterInput[], ctx: RosterContext): RosterRow[] {
  const firstEmail = new Map<string, number>();
  const firstRut = new Map<string, number>();
  let seatsLeft = ctx.free;
  return rows.map((r) => {
    const problems: string[] = [];
    if (!r.name) problems.push(rosterMessages.nameRequired);
    else if (r.name.length > MAX_NAME_LENGTH) problems.push(rosterMessages.nameTooLong);
    const email = emailField.safeParse(r.email);
    const normalEmail = email.success ? email.data : r.email.trim().toLowerCase();
    if (!email.success) problems.push(rosterMessages.emailInvalid);
    const rut = r.rut ? parseRut(r.rut) : null;
    const normalRut = rut?.ok ? rut.rut : r.rut;
    if (!rut) problems.push(rosterMessages.rutRequired);
    else if (!rut.ok) problems.push(rut.reason === "checkDigit" ? rosterMessages.rutCheckDigit : rosterMessages.rutInvalid);
    for (const k of GROUP_KINDS) if (normaliseGroup(r[k] ?? "") === undefined) problems.push(groupMessages.tooLong(k));
    if (email.success) {
      const seen = firstEmail.get(normalEmail);
      if (seen !== undefined) problems.push(rosterMessages.duplicateEmail(seen));
      else firstEmail.set(normalEmail, r.line);
    }
    if (rut?.ok) {
      const seen = firstRut.get(normalRut);
      if (seen !== undefined) problems.push(rosterMessages.duplicateRut(seen));
      else firstRut.set(normalRut, r.line);
    }
    if (problems.length === 0) {
      if (ctx.enrolled.has(normalEmail)) problems.push(rosterMessages.alreadyEnrolled);
      else if (ctx.invited.has(normalEmail)) problems.push(rosterMessages.alreadyInvited);
    }
    if (problems.length === 0) {
      if (seatsLeft > 0) seatsLeft--;
      else problems.push(rosterMessages.noSeat);
    }
    return { ...r, normalEmail, normalRut, problems };
  });
}

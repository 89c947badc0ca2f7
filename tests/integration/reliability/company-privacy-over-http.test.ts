// What a company's manager may learn and do about people, through the production server over real HTTP
// (docs/decisions.md E2: a manager sees only what was enrolled through the company). The worker-list preview and
// the one-worker form used to answer about other people's accounts — an e-mail that is an admin's, a private
// enrolment, a RUT registered elsewhere, whether an e-mail and a RUT go together — and enrolling an existing
// account enrolled it at once and wrote the manager's RUT onto it. Now every row is an invitation its owner
// accepts signed in, the RUT reaches the account only then, and a RUT on a profile locks nobody else out.
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { enrolment, user } from "~/server/platform/db/schema";
import { formatRut } from "~/domain/rut";
import { companyWithManager, freshRut } from "../companies/support";
import { createUser } from "../support/users";
import { until } from "./support/poll";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let smtp: SMTPServer;
const received: { to: string[]; text: string }[] = [];
let companyId = 0;
let manager: { cookie: string };
type Person = Awaited<ReturnType<typeof createUser>>;
let adminPerson: Person;
let privateLearner: Person;
let withRut: Person;
let withoutRut: Person;
let squatter: Person;
let rutOwner: Person;
const rutOfWithRut = freshRut();
const rutOfPrivate = freshRut();

function decodeQuotedPrintable(s: string) {
  return Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const admin = await createUser({ role: "admin" });
  adminPerson = admin;
  ({ companyId, manager } = await companyWithManager(admin.cookie, 10));
  privateLearner = await createUser({ name: "Paga Sola" });
  await db().update(user).set({ rut: rutOfPrivate }).where(eq(user.id, privateLearner.id));
  await db().insert(enrolment).values({ userId: privateLearner.id, courseId: 1 });
  withRut = await createUser({ name: "Con Rut" });
  await db().update(user).set({ rut: rutOfWithRut }).where(eq(user.id, withRut.id));
  withoutRut = await createUser({ name: "Sin Rut" });
  squatter = await createUser({ name: "Quien Se Apropia" });
  rutOwner = await createUser({ name: "Dueña Del Rut" });
  seeded = await startSeededServer({ prefix: "company-privacy", env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const base = () => seeded.server.base;
/** The page's text: tags and React's text separators out, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function post(path: string, fields: Record<string, string | string[]>, cookie: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const res = await fetch(`${base()}${path}`, { method: "POST", body, headers: { origin: base(), cookie }, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

async function get(path: string, cookie?: string) {
  const res = await fetch(`${base()}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

const rows = (list: { name: string; email: string; rut: string }[]) => ({
  intent: "recheck",
  line: list.map((_, i) => String(i + 2)),
  name: list.map((r) => r.name),
  email: list.map((r) => r.email),
  rut: list.map((r) => r.rut),
});

const ORACLE = [/administrador/i, /ya está inscrit/i, /pertenece a otra cuenta/i, /otro RUT/i, /invitación vigente/i];

async function invitationLink(email: string): Promise<string> {
  let link = "";
  await until(
    () => {
      const mail = received.filter((m) => m.to.includes(email.toLowerCase())).at(-1);
      link = /\/invitacion\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0] ?? "";
      return link !== "";
    },
    { timeoutMs: 30_000, what: `the invitation mail to ${email}` },
  );
  return link;
}

describe("lo que una empresa puede saber y hacer sobre las personas", () => {
  it("la vista previa de la carga no dice nada de cuentas ajenas: admin, inscripción privada, RUT registrado, correo↔RUT", async () => {
    const tag = Date.now().toString(36);
    const list = [
      { name: "Persona Nueva", email: `nueva.${tag}@empresa.test`, rut: freshRut() },
      { name: "Una Admin", email: adminPerson.email, rut: freshRut() },
      { name: "Paga Sola", email: privateLearner.email, rut: rutOfPrivate },
      { name: "Otro Correo", email: `otro.${tag}@empresa.test`, rut: rutOfWithRut },
      { name: "Con Rut", email: withRut.email, rut: freshRut() },
    ];
    const preview = await post(`/empresa/${companyId}/cursos/1/carga`, rows(list), manager.cookie);
    expect(preview.status).toBe(200);
    const shown = text(preview.body);
    expect(shown).toContain("5 filas: 5 válidas");
    for (const leak of ORACLE) expect(shown).not.toMatch(leak);

    // The one-worker form answers an admin's e-mail, a private learner's and a RUT held elsewhere like any other:
    // an invitation.
    for (const worker of [list[1]!, list[2]!, list[3]!]) {
      const res = await post(`/empresa/${companyId}/cursos/1`, { intent: "enrol", ...worker }, manager.cookie);
      expect(res.status, worker.email).toBe(200);
      expect(text(res.body), worker.email).toContain("Enviamos una invitación por correo. La persona quedará inscrita cuando la acepte.");
      for (const leak of ORACLE.slice(0, 4)) expect(text(res.body)).not.toMatch(leak);
    }
    // What the company itself did it may know: its own open invitation.
    const again = await post(`/empresa/${companyId}/cursos/1`, { intent: "enrol", ...list[2]! }, manager.cookie);
    expect(again.status).toBe(400);
    expect(text(again.body)).toContain("Esta persona ya tiene una invitación vigente de la empresa para este curso.");
  });

  it("inscribir una cuenta existente es una invitación que su dueño acepta; el RUT de la empresa llega solo al aceptar", async () => {
    const rut = freshRut();
    const sent = await post(`/empresa/${companyId}/cursos/1`, { intent: "enrol", name: "Sin Rut", email: withoutRut.email, rut }, manager.cookie);
    expect(sent.status).toBe(200);
    // Nothing happened to the account yet: not enrolled, no RUT.
    expect((await get("/cursos/1/contenido", withoutRut.cookie)).status).toBe(403);
    expect(text((await get("/perfil", withoutRut.cookie)).body)).not.toContain(formatRut(rut));

    const link = await invitationLink(withoutRut.email);
    const mail = received.filter((m) => m.to.includes(withoutRut.email)).at(-1)!.text;
    expect(mail).toContain("Solo quedarás inscrito si la aceptas.");
    const page = await get(link, withoutRut.cookie);
    expect(page.status).toBe(200);
    expect(text(page.body)).toContain(`La empresa indicó el RUT ${formatRut(rut)}`);
    expect(text(page.body)).toContain("Al aceptar confirmas que es tuyo");
    // Someone else signed in cannot accept it.
    expect((await post(link, { intent: "accept" }, withRut.cookie)).status).toBe(409);
    const accepted = await post(link, { intent: "accept" }, withoutRut.cookie);
    expect(accepted).toMatchObject({ status: 302, location: "/cursos/1/contenido" });
    expect((await get("/cursos/1/contenido", withoutRut.cookie)).location).toMatch(/^\/cursos\/1\/contenido\?leccion=\d+$/);
    expect((await get("/perfil", withoutRut.cookie)).body).toContain(`value="${formatRut(rut)}"`);

    // An account that declared its own RUT keeps it: the company's never replaces it.
    const other = freshRut();
    await post(`/empresa/${companyId}/cursos/1`, { intent: "enrol", name: "Con Rut", email: withRut.email, rut: other }, manager.cookie);
    const link2 = await invitationLink(withRut.email);
    expect((await post(link2, { intent: "accept" }, withRut.cookie)).status).toBe(302);
    const profile = (await get("/perfil", withRut.cookie)).body;
    expect(profile).toContain(`value="${formatRut(rutOfWithRut)}"`);
    expect(profile).not.toContain(formatRut(other));
  });

  it("un RUT escrito en otra cuenta no bloquea a su dueño ni revela que existe", async () => {
    const rut = freshRut();
    const save = (cookie: string) => post("/perfil", { intent: "profile", name: "Persona", phone: "", address: "", rut }, cookie);
    expect((await save(squatter.cookie)).status).toBe(200);
    const mine = await save(rutOwner.cookie);
    expect(mine.status).toBe(200);
    expect(text(mine.body)).not.toMatch(/registrado en otra cuenta/);
    expect((await get("/perfil", rutOwner.cookie)).body).toContain(`value="${formatRut(rut)}"`);
  });
});

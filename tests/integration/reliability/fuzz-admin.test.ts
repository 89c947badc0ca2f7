// Hostile input on every administration action: as a learner or anonymous nothing may change; as an
// admin, nothing may break (no 500, Spanish messages) and nothing invalid may be stored.
import fc from "fast-check";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LESSON_TYPES } from "~/domain/lesson-types";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/usuarios";
import { action as enrolmentsAction, loader as enrolmentsLoader } from "~/routes/admin/inscripciones";
import { loader as enrolmentsCsvLoader } from "~/routes/admin/inscripciones-csv";
import { action as coursesAction } from "~/routes/admin/cursos";
import { action as newCourseAction } from "~/routes/admin/curso-nuevo";
import { action as courseEditorAction, loader as courseEditorLoader } from "~/routes/admin/curso-editor";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin/mensajes";
import { db } from "~/server/platform/db/client.server";
import { contactMessage, course, courseModule, enrolment, lesson, question, user } from "~/server/platform/db/schema";
import { BASE } from "../support/requests";
import { createUser } from "../support/users";
import { callRoute, expectSafeAnswer, expectValidTables, fuzzOptions, hostileFormArb, hostileString, post, type FormFields } from "./fuzz-support";

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let learner: User;
let draftCourseId = "";
const ids = { modules: [] as string[], lessons: [] as string[], questions: [] as string[], messages: [] as string[] };

type RouteFn = (args: never) => unknown;
interface Target {
  name: string;
  fn: RouteFn;
  path: () => string;
  params: () => Record<string, string>;
  fields: () => Record<string, fc.Arbitrary<string>>;
  /** Forms that always run first: NUL bytes (PostgreSQL refuses them) where validation could let them through. */
  examples?: () => FormFields[];
}

const NUL = "a\u0000b";

const plausibleCourse = {
  title: fc.constantFrom("Curso de Extintores", "Manejo Defensivo"),
  category: fc.constantFrom("Salud", "Emergencias"),
  level: fc.constantFrom("Básico", "Avanzado"),
  // A typed duration is no longer a field (docs/decisions.md D1): posting one must change nothing.
  durationHours: fc.constantFrom("8", "40", "0", "2001", "1.5"),
  priceClp: fc.constantFrom("", "20000", "$20.000", "-5"),
  description: fc.constantFrom("Aprende a usar un extintor."),
  topics: fc.constantFrom("Tema 1\nTema 2", ""),
  imageUrl: fc.constantFrom("", "/images/x.svg", "javascript:alert(1)", "//evil.example/x.png"),
  nextDate: fc.constantFrom("", "2025-02-30", "2025-03-01"),
};

const id = (list: () => string[]) => fc.oneof(fc.constantFrom(...list(), "1", "999999"), hostileString);

const targets: Target[] = [
  {
    name: "usuarios",
    fn: usersAction,
    path: () => "/admin/usuarios",
    params: () => ({}),
    fields: () => ({
      intent: fc.constantFrom("set-role", "set-banned"),
      userId: fc.constantFrom(learner.id, admin.id, "desconocido"),
      role: fc.constantFrom("user", "admin", "superadmin"),
      banned: fc.constantFrom("true", "false"),
    }),
    examples: () => [{ intent: "set-role", userId: NUL, role: "user" }],
  },
  {
    name: "inscripciones",
    fn: enrolmentsAction,
    path: () => "/admin/inscripciones",
    params: () => ({}),
    fields: () => ({
      intent: fc.constantFrom("enrol", "remove"),
      email: fc.constantFrom(learner.email, admin.email, "nadie@academia.test"),
      courseId: fc.constantFrom("1", "2", draftCourseId, "999999"),
      enrolmentId: fc.constantFrom("1", "2", "999999"),
    }),
  },
  {
    name: "cursos",
    fn: coursesAction,
    path: () => "/admin/cursos",
    params: () => ({}),
    fields: () => ({ intent: fc.constantFrom("publish-preset") }),
  },
  {
    name: "curso-nuevo",
    fn: newCourseAction,
    path: () => "/admin/cursos/nuevo",
    params: () => ({}),
    fields: () => plausibleCourse,
    examples: () => [{ title: NUL, category: "Salud", level: "Básico", durationHours: "8", description: "x" }],
  },
  {
    name: "curso-editor",
    fn: courseEditorAction,
    path: () => `/admin/cursos/${draftCourseId}`,
    params: () => ({ id: draftCourseId }),
    fields: () => ({
      intent: fc.constantFrom(
        "save-course",
        "publish",
        "unpublish",
        "add-module",
        "update-module",
        "move-module",
        "delete-module",
        "add-lesson",
        "update-lesson",
        "move-lesson",
        "delete-lesson",
        "add-question",
        "update-question",
        "delete-question",
        "upload-file",
      ),
      moduleId: id(() => ids.modules),
      lessonId: id(() => ids.lessons),
      questionId: id(() => ids.questions),
      direction: fc.constantFrom("up", "down"),
      ...plausibleCourse,
      type: fc.constantFrom("presentacion", "video", "examen", "lectura", "otro"),
      status: fc.constantFrom("published", "pending"),
      durationMin: fc.constantFrom("10", "", "1001"),
      body: fc.constantFrom("# Hola\n\n<script>alert(1)</script>", ""),
      prompt: fc.constantFrom("¿Qué hacer primero?"),
      option0: fc.constantFrom("A"),
      option1: fc.constantFrom("B"),
      option2: fc.constantFrom("C"),
      option3: fc.constantFrom("D"),
      correctIndex: fc.constantFrom("0", "3", "4"),
    }),
    examples: (): FormFields[] => [
      { intent: "add-module", title: NUL, description: "" },
      { intent: "save-course", title: "Curso", category: "Salud", level: "Básico", durationHours: "8", description: NUL },
      { intent: "add-question", lessonId: ids.lessons[0]!, prompt: NUL, option0: "A", option1: "B", option2: "C", option3: "D", correctIndex: "0" },
    ],
  },
  {
    name: "mensajes",
    fn: messagesAction,
    path: () => "/admin/mensajes",
    params: () => ({}),
    fields: () => ({ messageId: id(() => ids.messages), handled: fc.constantFrom("true", "false") }),
  },
];

async function snapshot() {
  const [users, enrolments, courses, modules, lessons, questions, messages] = await Promise.all([
    db().select({ id: user.id, role: user.role, banned: user.banned, name: user.name }).from(user).orderBy(asc(user.id)),
    db().select().from(enrolment).orderBy(asc(enrolment.id)),
    db().select().from(course).orderBy(asc(course.id)),
    db().select().from(courseModule).orderBy(asc(courseModule.id)),
    db().select().from(lesson).orderBy(asc(lesson.id)),
    db().select().from(question).orderBy(asc(question.id)),
    db().select().from(contactMessage).orderBy(asc(contactMessage.id)),
  ]);
  return { users, enrolments, courses, modules, lessons, questions, messages };
}

async function refreshIds() {
  const c = Number(draftCourseId);
  ids.modules = (await db().select({ id: courseModule.id }).from(courseModule).where(eq(courseModule.courseId, c))).map((r) => String(r.id));
  ids.lessons = (
    await db()
      .select({ id: lesson.id })
      .from(lesson)
      .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
      .where(eq(courseModule.courseId, c))
  ).map((r) => String(r.id));
  ids.questions = (await db().select({ id: question.id }).from(question)).slice(0, 20).map((r) => String(r.id));
  ids.messages = (await db().select({ id: contactMessage.id }).from(contactMessage)).map((r) => String(r.id));
  if (ids.modules.length === 0) ids.modules.push("1");
  if (ids.lessons.length === 0) ids.lessons.push("1");
  if (ids.questions.length === 0) ids.questions.push("1");
  if (ids.messages.length === 0) ids.messages.push("1");
}

beforeAll(async () => {
  [admin, learner] = await Promise.all([createUser({ name: "Ada Admin", role: "admin" }), createUser({ name: "Lucía Alumna" })]);
  const created = await callRoute(
    newCourseAction,
    post(
      "/admin/cursos/nuevo",
      { title: "Curso de Prueba", category: "Salud", level: "Básico", durationHours: "8", description: "Para el fuzz." },
      admin.cookie,
    ),
  );
  draftCourseId = /\/admin\/cursos\/(\d+)/.exec(created.location ?? "")?.[1] ?? "";
  expect(draftCourseId, "an admin can create a course").not.toBe("");
  await db().insert(contactMessage).values({ name: "Carla", email: "carla@academia.test", subject: "otro", message: "Hola" });
  await refreshIds();
});

/** Course data as the editor's rules allow it (beyond the general table checks). */
async function expectValidCourses() {
  const problems: string[] = [];
  for (const c of await db().select().from(course)) {
    if (!c.title.trim() || c.title !== c.title.trim()) problems.push(`course ${c.id}`);
    if (c.priceClp !== null && c.priceClp < 0) problems.push(`course ${c.id}: price ${c.priceClp}`);
    if (!["draft", "published"].includes(c.status)) problems.push(`course ${c.id}: status ${c.status}`);
    if (c.imageUrl && !/^(\/[^/\\]|https?:\/\/)/.test(c.imageUrl)) problems.push(`course ${c.id}: image ${c.imageUrl}`);
  }
  for (const l of await db().select().from(lesson)) {
    if (!(LESSON_TYPES as readonly string[]).includes(l.type) || !l.title.trim()) problems.push(`lesson ${l.id}`);
  }
  for (const q of await db().select().from(question)) {
    if (q.options.length !== 4 || q.correctIndex < 0 || q.correctIndex > 3 || !q.prompt.trim()) problems.push(`question ${q.id}`);
  }
  const positions = await db()
    .select({ courseId: courseModule.courseId, position: courseModule.position, n: sql<number>`count(*)::int` })
    .from(courseModule)
    .groupBy(courseModule.courseId, courseModule.position)
    .having(sql`count(*) > 1`);
  for (const p of positions) problems.push(`course ${p.courseId}: ${p.n} modules at position ${p.position}`);
  const activeAdmins = await db()
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.banned, false)));
  if (activeAdmins.length === 0) problems.push("no active admin left");
  expect(problems, "invalid administration data was stored").toEqual([]);
}

describe("administración: sin ser admin, nada cambia", () => {
  it("alumno o anónimo: cada acción se rechaza y no escribe", async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets).chain((t) => hostileFormArb(t.fields()).map((form) => [t, form] as const)),
        fc.constantFrom("learner", "anonymous"),
        async ([target, form], role) => {
          const answer = await callRoute(target.fn, post(target.path(), form, role === "learner" ? learner.cookie : undefined), target.params());
          expectSafeAnswer(answer);
          expect([302, 403, 404]).toContain(answer.status);
          if (answer.status === 302) expect(answer.location).toMatch(role === "learner" ? /^\/dashboard/ : /^\/login/);
        },
      ),
      fuzzOptions(40),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe("administración con entradas hostiles de un admin", () => {
  for (const target of targets) {
    it(`${target.name}: sin 500, mensajes en español y datos válidos`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileFormArb(target.fields()), async (form) => {
          const answer = await callRoute(target.fn, post(target.path(), form, admin.cookie), target.params());
          expectSafeAnswer(answer);
          if (answer.location) expect(answer.location).toMatch(/^\/(?!\/)/);
          if (answer.status === 302 && /leccion=|\/admin\/cursos\/\d+/.test(answer.location ?? "")) await refreshIds();
        }),
        {
          ...fuzzOptions(target.name === "curso-editor" ? 60 : target.name === "cursos" ? 3 : 25),
          examples: (target.examples?.() ?? []).map((form) => [form] as [FormFields]),
        },
      );
      await refreshIds();
      await expectValidTables();
      await expectValidCourses();
    });
  }
});

describe("listas de administración con parámetros de búsqueda hostiles", () => {
  it("búsqueda, filtros, páginas y CSV: sin 500", async () => {
    type ListLoader = { fn: (args: never) => unknown; path: string; keys: string[]; params: Record<string, string> };
    const loaders: ListLoader[] = [
      { fn: usersLoader, path: "/admin/usuarios", keys: ["q", "pagina"], params: {} },
      { fn: enrolmentsLoader, path: "/admin/inscripciones", keys: ["curso", "estado", "pagina", "eliminar"], params: {} },
      { fn: enrolmentsCsvLoader, path: "/admin/inscripciones.csv", keys: ["curso", "estado"], params: {} },
      { fn: messagesLoader, path: "/admin/mensajes", keys: ["pagina"], params: {} },
      { fn: courseEditorLoader, path: `/admin/cursos/${draftCourseId}`, keys: ["vista", "leccion"], params: { id: draftCourseId } },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...loaders), fc.array(hostileString, { minLength: 4, maxLength: 4 }), fc.boolean(), async (target, values, asAdmin) => {
        const url = new URL(BASE + target.path);
        target.keys.forEach((key, i) => url.searchParams.set(key, values[i]!.slice(0, 5000)));
        const request = new Request(url, { headers: { cookie: asAdmin ? admin.cookie : learner.cookie } });
        const answer = await callRoute(target.fn, request, target.params);
        expectSafeAnswer(answer);
        if (!asAdmin) expect(answer.status).toBe(302);
      }),
      { ...fuzzOptions(40), examples: loaders.map((l): [ListLoader, string[], boolean] => [l, ["a\u0000b", "\u0000", "1\u0000", "x"], true]) },
    );
  });
});

// Multiple-answer questions ("selección múltiple: marca todas las correctas") through the production server over
// real HTTP: the owner adds one in the course editor (a forged set of correct options is refused, nothing
// written), a learner meets it as checkboxes, and the answer is kept as a set: a forged save or submit that repeats
// an option or names one the question does not show is refused, and only exactly the correct set is right.
import { and, eq, isNull, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { courseModule, examAttempt, lesson, question } from "~/server/platform/db/schema";
import { enrol } from "../learning/helpers";
import { createUser } from "../support/users";
import { httpClient } from "./support/http-client";
import { startSeededServer, type SeededServer } from "./support/seeded-server";

let seeded: SeededServer;
let http: ReturnType<typeof httpClient>;
let examId = 0;
let owner: Awaited<ReturnType<typeof createUser>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
/** Question id → the text of its right option (the page shows options shuffled, by text). */
const rightText = new Map<number, string>();
const PROMPT = "¿Qué protege las manos y la cara al atender a una víctima?";
const OPTIONS = ["Guantes", "Mascarilla", "Reloj", "Pulsera"];
const RIGHT = new Set(["Guantes", "Mascarilla"]);

beforeAll(async () => {
  const [exam] = await db()
    .select({ id: lesson.id })
    .from(lesson)
    .innerJoin(courseModule, eq(courseModule.id, lesson.moduleId))
    .where(and(eq(courseModule.courseId, 1), eq(lesson.type, "examen"), eq(lesson.status, "published")));
  examId = exam!.id;
  // Nine questions left to draw from: every attempt's ten are those nine and the one the owner adds.
  const keep = (await db().select().from(question).where(and(eq(question.lessonId, examId), isNull(question.retiredAt))).orderBy(question.id)).slice(0, 9);
  for (const q of keep) rightText.set(q.id, q.options[q.correctIndex]!);
  await db()
    .update(question)
    .set({ retiredAt: new Date() })
    .where(and(eq(question.lessonId, examId), notInArray(question.id, [...rightText.keys()])));
  owner = await createUser({ role: "admin", name: "Dueña de la Academia" });
  learner = await createUser({ name: "Alumna Marca Todas" });
  other = await createUser({ name: "Alumno Marca de Más" });
  await enrol(learner.id, 1);
  await enrol(other.id, 1);
  seeded = await startSeededServer({ prefix: "multiple-answer" });
  http = httpClient(seeded.server);
}, 600_000);

afterAll(async () => {
  await seeded?.stop();
});

const here = () => `/cursos/1/contenido?leccion=${examId}`;
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The page's options: per question, its input type and each shown value with its text. */
function optionsOf(html: string) {
  const found = new Map<number, { type: string; options: { value: string; label: string }[] }>();
  const input = /<input type="(radio|checkbox)"[^>]*name="respuesta-(\d+)"[^>]*value="(\d+)"[^>]*>[\s\S]*?<span class="min-w-0 flex-1">([\s\S]*?)<\/span>/g;
  for (const [, type, qid, value, label] of html.matchAll(input)) {
    const q = found.get(Number(qid)) ?? { type: type!, options: [] };
    q.options.push({ value: value!, label: text(label!).trim() });
    found.set(Number(qid), q);
  }
  return found;
}

async function startAttempt(cookie: string) {
  const started = await http.post(here(), { intent: "exam-start", leccion: String(examId) }, cookie);
  expect(started.status, text(started.body).slice(0, 300)).toBe(302);
  const attemptId = new URL(started.location!, seeded.server.base).searchParams.get("intento")!;
  const page = await http.get(started.location!, cookie);
  expect(page.status).toBe(200);
  return { attemptId, page: page.body, options: optionsOf(page.body) };
}

/** Every one-answer question answered right, as form fields. */
function rightSingles(options: ReturnType<typeof optionsOf>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [qid, q] of options) {
    if (q.type !== "radio") continue;
    fields[`respuesta-${qid}`] = q.options.find((o) => o.label === rightText.get(qid))!.value;
  }
  return fields;
}

describe("selección múltiple por HTTP", () => {
  let multipleId = 0;

  it("la dueña agrega una pregunta de selección múltiple; un conjunto de correctas falsificado se rechaza sin escribir nada", async () => {
    const fields = { intent: "add-question", lessonId: String(examId), kind: "multiple", prompt: PROMPT, option0: OPTIONS[0]!, option1: OPTIONS[1]!, option2: OPTIONS[2]!, option3: OPTIONS[3]!, explanation: "Guantes y mascarilla." };
    for (const forged of [["0", "9"], ["1", "1"], []]) {
      const refused = await http.post("/admin/cursos/1", { ...fields, correctIndex: forged }, owner.cookie);
      expect(refused.status, text(refused.body).slice(0, 300)).toBe(400);
      expect(text(refused.body)).toContain("Marca al menos una opción correcta, entre las opciones escritas.");
      expect(text(refused.body)).toContain(PROMPT); // what was typed is kept
    }
    // A learner cannot add one.
    const learnerTry = await http.post("/admin/cursos/1", { ...fields, correctIndex: ["0", "1"] }, learner.cookie);
    expect([302, 403, 404]).toContain(learnerTry.status);
    const added = await http.post("/admin/cursos/1", { ...fields, correctIndex: ["1", "0"] }, owner.cookie);
    expect(added.status, text(added.body).slice(0, 300)).toBeLessThan(400);
    const editor = await http.get(`/admin/cursos/1?leccion=${examId}`, owner.cookie);
    expect(text(editor.body)).toContain(PROMPT);
    expect(text(editor.body)).toContain("Selección múltiple");
    if (seeded.shared) {
      const rows = await db().select().from(question).where(eq(question.prompt, PROMPT));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "multiple", correctIndex: -1, correctSet: [0, 1], options: OPTIONS });
    }
  });

  it("la alumna la ve con casillas, y un guardado o un envío falsificado (repetido, fuera de rango) se rechaza", async () => {
    const { attemptId, page, options } = await startAttempt(learner.cookie);
    expect(text(page)).toContain("Selección múltiple: marca todas las correctas.");
    // The right set never leaves the server before grading.
    expect(page).not.toMatch(/correctSet|correct_set|correctIndex|Guantes y mascarilla/);
    const multiple = [...options].find(([, q]) => q.type === "checkbox");
    expect(multiple, "the owner's question is drawn, with checkboxes").toBeDefined();
    multipleId = multiple![0];
    expect(multiple![1].options.map((o) => o.label).sort()).toEqual([...OPTIONS].sort());
    expect(options.size).toBe(10);
    const right = multiple![1].options.filter((o) => RIGHT.has(o.label)).map((o) => o.value);
    const wrong = multiple![1].options.find((o) => !RIGHT.has(o.label))!.value;

    const save = (respuesta: string) =>
      http.post(here(), { intent: "exam-answer", leccion: String(examId), intento: attemptId, pregunta: String(multipleId), respuesta }, learner.cookie);
    for (const forged of [`${right[0]},${right[0]}`, "0,4", "9", "-1", "0,,1", "a,b"]) {
      expect((await save(forged)).status, forged).toBe(400);
    }
    expect((await save(right.join(","))).status).toBe(200);
    // The autosaved set comes back checked after a reload.
    const reloaded = await http.get(`${here()}&intento=${attemptId}`, learner.cookie);
    const boxes = [...reloaded.body.matchAll(new RegExp(`<input[^>]*type="checkbox"[^>]*name="respuesta-${multipleId}"[^>]*>`, "g"))].map((m) => m[0]);
    expect(boxes).toHaveLength(4);
    const checked = boxes.filter((b) => /\schecked(="")?[\s/>]/.test(b)).map((b) => /value="(\d+)"/.exec(b)![1]);
    expect(checked, boxes.join("\n")).toEqual(right);
    if (seeded.shared) {
      const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, Number(attemptId)));
      expect(row!.draftAnswers?.[String(multipleId)]).toEqual(right.map(Number).sort());
    }

    const submit = (answer: string[]) =>
      http.post(here(), { intent: "exam-submit", leccion: String(examId), intento: attemptId, ...rightSingles(options), [`respuesta-${multipleId}`]: answer }, learner.cookie);
    const repeated = await submit([right[0]!, right[0]!, right[1]!]);
    expect(repeated.status).toBe(400);
    expect(text(repeated.body)).toContain("Tus respuestas marcan dos veces la misma alternativa de una pregunta.");
    const outOfRange = await submit([right[0]!, "4"]);
    expect(outOfRange.status).toBe(400);
    expect(text(outOfRange.body)).toContain("Tus respuestas incluyen una alternativa que no existe.");
    // Two answers to a one-answer question are still refused.
    const single = [...options].find(([, q]) => q.type === "radio")!;
    const twoRadios = await http.post(
      here(),
      { intent: "exam-submit", leccion: String(examId), intento: attemptId, ...rightSingles(options), [`respuesta-${single[0]}`]: ["0", "1"], [`respuesta-${multipleId}`]: right },
      learner.cookie,
    );
    expect(twoRadios.status).toBe(400);
    // None of those graded the attempt: it is still open.
    expect((await http.get(`${here()}&intento=${attemptId}`, learner.cookie)).body).toContain('value="exam-submit"');

    expect(wrong).toBeDefined();
    const sent = await submit(right);
    expect(sent.status, text(sent.body).slice(0, 300)).toBe(302);
    const result = text((await http.get(sent.location!, learner.cookie)).body);
    expect(result).toContain("Aprobado");
    expect(result).toContain("100");
    // The passed review shows both right options and that she marked them.
    expect(result).toMatch(/Guantes \(respuesta correcta\) \(la marcaste\)/);
    expect(result).toMatch(/Mascarilla \(respuesta correcta\) \(la marcaste\)/);
    if (seeded.shared) {
      const [row] = await db().select().from(examAttempt).where(eq(examAttempt.id, Number(attemptId)));
      const i = row!.questionIds.indexOf(multipleId);
      expect(row!.answers![i]).toEqual(right.map(Number).sort());
      expect(row!.score).toBe(100);
    }
  });

  it("todo o nada: marcar además una incorrecta (o todas) no cuenta la pregunta", async () => {
    const { attemptId, options } = await startAttempt(other.cookie);
    const multiple = options.get(multipleId)!;
    const all = multiple.options.map((o) => o.value);
    const sent = await http.post(
      here(),
      { intent: "exam-submit", leccion: String(examId), intento: attemptId, ...rightSingles(options), [`respuesta-${multipleId}`]: all },
      other.cookie,
    );
    expect(sent.status).toBe(302);
    const result = text((await http.get(sent.location!, other.cookie)).body);
    // Nine of ten: 90 %, passed, with the multiple-answer question marked wrong.
    expect(result).toContain("90");
    expect(result).toMatch(/✗ Incorrecta \(selección múltiple: cuenta solo si marcas todas las correctas y ninguna otra\)/);
  });
});

import { describe, expect, it } from "vitest";
import {
  completionTrigger,
  courseProgress,
  learnerProgress,
  lessonsDoneLabel,
  modulesProgressLabel,
  nextLesson,
  moduleState,
  viewerMode,
  type ProgressModule,
} from "~/domain/progress";

const published = (id: number) => ({ id, status: "published" });
const pending = (id: number) => ({ id, status: "pending" });

// The preset RCP course: 2 + 2 + 2 + 4 + 1 published lessons.
const rcp: ProgressModule[] = [
  { id: 1, lessons: [published(1), published(2)] },
  { id: 2, lessons: [published(3), published(4)] },
  { id: 3, lessons: [published(5), published(6)] },
  { id: 4, lessons: [published(7), published(8), published(9), published(10)] },
  { id: 5, lessons: [published(11)] },
];

describe("modo del visor (docs/decisions.md A4)", () => {
  it("elige pdf, video, lectura, descarga o examen", () => {
    expect(viewerMode({ type: "presentacion", mime: "application/pdf", hasBody: false })).toBe("pdf");
    expect(viewerMode({ type: "documento", mime: "application/pdf", hasBody: false })).toBe("pdf");
    expect(viewerMode({ type: "video", mime: "video/mp4", hasBody: false })).toBe("video");
    expect(viewerMode({ type: "lectura", mime: null, hasBody: true })).toBe("lectura");
    expect(viewerMode({ type: "documento", mime: "application/zip", hasBody: false })).toBe("download");
    expect(viewerMode({ type: "examen", mime: null, hasBody: false })).toBe("examen");
    expect(viewerMode({ type: "documento", mime: null, hasBody: false })).toBeNull();
  });

  it("cada modo se completa con su evento (B8, F8: lo que se estudia, al estudiarlo)", () => {
    expect(completionTrigger("pdf")).toBe("study");
    expect(completionTrigger("lectura")).toBe("study");
    expect(completionTrigger("video")).toBe("study");
    expect(completionTrigger(null)).toBe("open");
    expect(completionTrigger("download")).toBe("download");
    expect(completionTrigger("examen")).toBe("exam");
  });
});

describe("progreso del curso (B8)", () => {
  it("un módulo sin lecciones publicadas no cuenta", () => {
    expect(moduleState({ id: 9, lessons: [pending(1)] }, new Set())).toBe("empty");
    expect(moduleState({ id: 9, lessons: [] }, new Set())).toBe("empty");
    const p = courseProgress([{ id: 1, lessons: [published(1)] }, { id: 2, lessons: [pending(2)] }], new Set([1]));
    expect(p).toMatchObject({ percent: 100, countedModules: 1, complete: true, completedModuleIds: [1] });
  });

  it("un módulo está completo cuando todas sus lecciones publicadas lo están (las pendientes no cuentan)", () => {
    const m = { id: 1, lessons: [published(1), pending(2), published(3)] };
    expect(moduleState(m, new Set([1]))).toBe("in-progress");
    expect(moduleState(m, new Set([1, 3]))).toBe("completed");
  });

  it("RCP: módulos completados / 5 × 100", () => {
    expect(courseProgress(rcp, new Set()).percent).toBe(0);
    expect(courseProgress(rcp, new Set([1])).percent).toBe(0);
    expect(courseProgress(rcp, new Set([1, 2])).percent).toBe(20);
    expect(courseProgress(rcp, new Set([1, 2, 3, 4, 5, 6])).percent).toBe(60);
    const all = courseProgress(rcp, new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect(all).toMatchObject({ percent: 100, complete: true, countedModules: 5 });
  });

  it("redondea hacia abajo: 100 % solo cuando todo está completo", () => {
    const three = [1, 2, 3].map((id) => ({ id, lessons: [published(id)] }));
    expect(courseProgress(three, new Set([1])).percent).toBe(33);
    expect(courseProgress(three, new Set([1, 2])).percent).toBe(66);
    expect(courseProgress(three, new Set([1, 2])).complete).toBe(false);
  });

  it("un curso sin contenido publicado queda en 0 % y no se completa", () => {
    const p = courseProgress([{ id: 1, lessons: [pending(1)] }], new Set());
    expect(p).toMatchObject({ percent: 0, countedModules: 0, complete: false });
  });

  it("completar lecciones de otros cursos no cambia nada", () => {
    expect(courseProgress(rcp, new Set([100, 200])).percent).toBe(0);
  });
});

describe("lo que ve el alumno de su avance (docs/decisions.md E4, E5)", () => {
  const lesson = (id: number, type = "documento", status = "published") => ({ id, type, status });
  const course = [
    { id: 1, lessons: [lesson(1), lesson(2)] },
    { id: 2, lessons: [lesson(3, "video"), lesson(4, "documento", "pending")] },
    { id: 3, lessons: [lesson(5, "examen")] },
  ];

  it("porcentaje de módulos y 'N de M lecciones' publicadas", () => {
    expect(learnerProgress(course, new Set([1, 2]), null)).toEqual({
      percent: 33,
      completed: false,
      modulesDone: 1,
      modulesTotal: 3,
      lessonsDone: 2,
      lessonsTotal: 4,
      newLessonIds: [],
      completedModuleIds: [1],
      examPassed: false,
    });
    expect(lessonsDoneLabel(2, 4)).toBe("2 de 4 lecciones");
    expect(lessonsDoneLabel(1, 1)).toBe("1 de 1 lección");
    // The percentage is said with what it counts: modules, never lessons beside it.
    expect(modulesProgressLabel(1, 3, 33)).toBe("1 de 3 módulos · 33 %");
    expect(modulesProgressLabel(0, 1, 0)).toBe("0 de 1 módulo · 0 %");
  });

  it("un curso completado sigue al 100 % y completado aunque se agreguen lecciones; esas son nuevas", () => {
    const grown = [...course, { id: 4, lessons: [lesson(6, "lectura")] }];
    expect(learnerProgress(grown, new Set([1, 2, 3, 5]), new Date())).toEqual({
      percent: 100,
      completed: true,
      // Completed stays completed: every module, as the percentage says.
      modulesDone: 4,
      modulesTotal: 4,
      lessonsDone: 4,
      lessonsTotal: 5,
      newLessonIds: [6],
      // What the reports count is live: module 4 is not done, the exam (lesson 5) was passed.
      completedModuleIds: [1, 2, 3],
      examPassed: true,
    });
    // The same learner before completion: the added lesson is simply pending work.
    expect(learnerProgress(grown, new Set([1, 2, 3]), null)).toMatchObject({ percent: 50, completed: false, newLessonIds: [] });
  });

  it("la siguiente lección: la primera publicada sin terminar; el examen solo cuando no queda otra", () => {
    const flat = course.flatMap((m) => m.lessons);
    expect(nextLesson(flat, new Set())?.id).toBe(1);
    expect(nextLesson(flat, new Set([1]))?.id).toBe(2);
    expect(nextLesson(flat, new Set([1, 2]))?.id).toBe(3);
    expect(nextLesson(flat, new Set([1, 2, 3]))?.id).toBe(5);
    expect(nextLesson(flat, new Set([1, 2, 3, 5]))).toBeNull();
    // An exam placed before other lessons is not where one resumes while those remain.
    const examFirst = [lesson(9, "examen"), lesson(10)];
    expect(nextLesson(examFirst, new Set())?.id).toBe(10);
  });
});

import { describe, expect, it } from "vitest";
import { lessonsMissingForCertificate, type PanelModule } from "~/domain/learning-view";

const lesson = (id: number, over: Partial<PanelModule["lessons"][number]> = {}) => ({
  id,
  title: `Lección ${id}`,
  type: "presentacion",
  durationMin: 10,
  pending: false,
  completed: false,
  isNew: false,
  ...over,
});

describe("lo que falta para el certificado (decisions E7)", () => {
  it("lista las lecciones publicadas sin completar, en orden, sin la evaluación ni las pendientes", () => {
    const modules: PanelModule[] = [
      { id: 1, title: "M1", description: "", state: "in-progress", lessons: [lesson(1, { completed: true }), lesson(2), lesson(3, { pending: true })] },
      { id: 2, title: "M2", description: "", state: "in-progress", lessons: [lesson(4, { type: "video" }), lesson(5, { type: "examen" })] },
    ];
    expect(lessonsMissingForCertificate(modules)).toEqual([
      { id: 2, title: "Lección 2" },
      { id: 4, title: "Lección 4" },
    ]);
  });

  it("nada cuando todo está hecho", () => {
    expect(lessonsMissingForCertificate([{ id: 1, title: "M", description: "", state: "completed", lessons: [lesson(1, { completed: true }), lesson(2, { type: "examen" })] }])).toEqual([]);
  });
});

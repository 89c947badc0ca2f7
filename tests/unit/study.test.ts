import { describe, expect, it } from "vitest";
import {
  addSegments,
  applyStudyReport,
  coverageSeconds,
  formatStudyTime,
  HEARTBEAT_CAP_SECONDS,
  heartbeatCredit,
  mergeSegments,
  parseSegments,
  requiredStudySeconds,
  studyMissingMessage,
  studyVerdict,
  visitCapSeconds,
  visitCredit,
  timeOnTask,
  timeOnTaskLabel,
} from "~/domain/study";

const T0 = new Date("2026-03-02T12:00:00Z");
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const report = (s: number, extra: Partial<Parameters<typeof applyStudyReport>[1]> = {}) => ({
  visitStartedAt: T0,
  at: at(s),
  finish: false,
  reachedEnd: false,
  segments: [],
  mediaSeconds: null,
  durationMin: 10,
  ...extra,
});

describe("tiempo exigido (F8)", () => {
  it("la mitad de la duración planificada, con piso de 30 s y techo de 30 min", () => {
    expect(requiredStudySeconds(10)).toBe(300);
    expect(requiredStudySeconds(2)).toBe(60);
    expect(requiredStudySeconds(0)).toBe(30);
    expect(requiredStudySeconds(Number.NaN)).toBe(30);
    expect(requiredStudySeconds(180)).toBe(1800);
    expect(visitCapSeconds(10)).toBe(600);
    expect(visitCapSeconds(0)).toBe(30);
  });

  it("un latido cuenta el tiempo real desde el anterior, nunca negativo, con tope", () => {
    expect(heartbeatCredit(20_000)).toBe(20);
    expect(heartbeatCredit(3_600_000)).toBe(HEARTBEAT_CAP_SECONDS);
    expect(heartbeatCredit(-5_000)).toBe(0);
    expect(heartbeatCredit(Number.NaN)).toBe(0);
    expect(visitCredit(400_000, 600, 100)).toBe(300);
    expect(visitCredit(4_000_000, 600, 100)).toBe(500);
    expect(visitCredit(50_000, 600, 100)).toBe(0);
  });
});

describe("aplicar un reporte", () => {
  it("latidos: solo el tiempo desde el último acreditado; un replay o dos a la vez no suman", () => {
    let r = applyStudyReport(null, report(20));
    expect(r.credited).toBe(20);
    r = applyStudyReport(r.record, report(20));
    expect(r.credited).toBe(0);
    r = applyStudyReport(r.record, report(40));
    expect(r.credited).toBe(20);
    // A tab left open for an hour without beats: one cap.
    r = applyStudyReport(r.record, report(3640));
    expect(r.credited).toBe(HEARTBEAT_CAP_SECONDS);
    expect(r.record.seconds).toBe(40 + HEARTBEAT_CAP_SECONDS);
  });

  it("el formulario cierra la visita: su tiempo desde que se abrió, con tope, menos lo ya acreditado", () => {
    let r = applyStudyReport(null, report(20));
    r = applyStudyReport(r.record, report(200, { finish: true }));
    expect(r.credited).toBe(180);
    expect(r.record.seconds).toBe(200);
    // Posted again: nothing more for the same time.
    r = applyStudyReport(r.record, report(200, { finish: true }));
    expect(r.credited).toBe(0);
    // Hours later, the visit's cap (the lesson's duration, 600 s) bounds it.
    r = applyStudyReport(r.record, report(20_000, { finish: true }));
    expect(r.record.seconds).toBe(600);
  });

  it("una visita nueva empieza su propia cuenta; una antigua ya no cierra nada", () => {
    let r = applyStudyReport(null, report(300, { finish: true }));
    expect(r.record.seconds).toBe(300);
    const second = new Date(at(1000).getTime());
    r = applyStudyReport(r.record, { ...report(1100, { finish: true }), visitStartedAt: second });
    expect(r.credited).toBe(100);
    // The first page's form, posted later: only a heartbeat's worth since the last credit.
    r = applyStudyReport(r.record, report(1130, { finish: true }));
    expect(r.credited).toBe(30);
  });

  it("un video: lo visto nuevo no supera el doble del tiempo acreditado", () => {
    let r = applyStudyReport(null, report(60, { segments: [[0, 600]], mediaSeconds: 600 }));
    expect(r.credited).toBe(HEARTBEAT_CAP_SECONDS);
    expect(coverageSeconds(r.record.segments)).toBeCloseTo(HEARTBEAT_CAP_SECONDS * 2 + 2, 5);
    // A shorter length claimed later cannot lower the share to watch.
    r = applyStudyReport(r.record, report(80, { mediaSeconds: 10 }));
    expect(r.record.mediaSeconds).toBe(600);
  });
});

describe("tramos de video", () => {
  it("se ordenan, unen y recortan", () => {
    expect(mergeSegments([[10, 20], [0, 5], [4, 8], [19, 30]])).toEqual([[0, 8], [10, 30]]);
    expect(mergeSegments([[50, 200]], 100)).toEqual([[50, 100]]);
    expect(addSegments([[0, 10]], [[5, 30]], 10)).toEqual([[0, 20]]);
    expect(addSegments([[0, 10], [20, 30]], [[0, 40]], 100)).toEqual([[0, 40]]);
  });

  it("solo se aceptan listas de pares de números", () => {
    expect(parseSegments("[[0,1.5],[3,4]]")).toEqual([[0, 1.5], [3, 4]]);
    expect(parseSegments("")).toEqual([]);
    expect(parseSegments("[[2,1]]")).toBeNull();
    expect(parseSegments("[[0,\"a\"]]")).toBeNull();
    expect(parseSegments("{")).toBeNull();
    expect(parseSegments(JSON.stringify(Array.from({ length: 61 }, (_, i) => [i, i + 0.5])))).toBeNull();
  });
});

describe("la regla y lo que falta", () => {
  const base = { kind: "reading" as const, durationMin: 10, seconds: 0, reachedEnd: false, segments: [], mediaSeconds: null };
  it("una lectura: final a la vista y tiempo suficiente", () => {
    expect(studyVerdict({ ...base, seconds: 300, reachedEnd: true }).complete).toBe(true);
    expect(studyVerdict({ ...base, seconds: 299, reachedEnd: true }).complete).toBe(false);
    expect(studyVerdict({ ...base, seconds: 900 }).complete).toBe(false);
    expect(studyMissingMessage("reading", studyVerdict({ ...base, seconds: 60, reachedEnd: true }))).toBe(
      "Te faltan unos 4 minutos de lectura para completar esta lección.",
    );
    expect(studyMissingMessage("reading", studyVerdict({ ...base, seconds: 290 }))).toBe(
      "Te falta menos de 1 minuto de lectura para completar esta lección: léela hasta el final.",
    );
    expect(studyMissingMessage("reading", studyVerdict({ ...base, seconds: 300 }))).toBe("Llega al final de la lección para completarla.");
  });

  it("un video: 90 % visto y tiempo suficiente", () => {
    const video = { ...base, kind: "video" as const, durationMin: 2, mediaSeconds: 100 };
    expect(studyVerdict({ ...video, seconds: 60, segments: [[0, 90]] }).complete).toBe(true);
    expect(studyVerdict({ ...video, seconds: 60, segments: [[0, 89]] }).complete).toBe(false);
    expect(studyVerdict({ ...video, seconds: 30, segments: [[0, 100]] }).complete).toBe(false);
    expect(studyMissingMessage("video", studyVerdict({ ...video, seconds: 60, segments: [[0, 45]] }))).toBe(
      "Mira el video completo para completar esta lección (llevas 45 %). Adelantarlo no cuenta.",
    );
  });

  it("el tiempo se muestra en horas y minutos; lo no medido es —", () => {
    expect(formatStudyTime(null)).toBe("—");
    expect(formatStudyTime(0)).toBe("0 min");
    expect(formatStudyTime(30)).toBe("menos de 1 min");
    expect(formatStudyTime(35 * 60)).toBe("35 min");
    expect(formatStudyTime(2 * 3600 + 5 * 60 + 59)).toBe("2 h 05 min");
  });
});


describe("tiempo de estudio en las listas", () => {
  const lessons = [
    { id: 1, trigger: "study" },
    { id: 2, trigger: "study" },
    { id: 3, trigger: "exam" },
  ];
  it("suma lo medido; una lección estudiada completada sin medida lo vuelve un piso, o desconocido", () => {
    expect(timeOnTaskLabel(timeOnTask(lessons, new Set([1]), [[1, 600]]))).toBe("10 min");
    expect(timeOnTaskLabel(timeOnTask(lessons, new Set([1, 2, 3]), [[1, 600]]))).toBe("al menos 10 min");
    expect(timeOnTaskLabel(timeOnTask(lessons, new Set([1, 3]), []))).toBe("—");
    // An exam completes without a study row: it leaves nothing unknown.
    expect(timeOnTaskLabel(timeOnTask(lessons, new Set([3]), []))).toBe("0 min");
    expect(timeOnTaskLabel(null)).toBe("—");
  });
});

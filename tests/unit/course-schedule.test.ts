import { describe, expect, test } from "vitest";
import { isSelfPaced, scheduleFacts } from "~/domain/course-schedule";

describe("a course's start and place on its page", () => {
  test("online at one's own pace: asynchronous, or plain online", () => {
    for (const m of ["100% online asincrónico", "Online", "E-learning a tu ritmo", "En línea", "100 % online, autoinstruccional"]) {
      expect(isSelfPaced(m), m).toBe(true);
    }
    for (const m of ["", "Presencial", "Online sincrónico", "Online en vivo", "Mixta (online y presencial)", "Semipresencial"]) {
      expect(isSelfPaced(m), m).toBe(false);
    }
  });

  test("a self-paced course starts whenever the learner wants, online: never a stored date, never 'Por confirmar'", () => {
    expect(scheduleFacts({ modality: "100% online asincrónico", nextDateLabel: "11 de enero de 2027", location: "Online" })).toEqual({
      start: { label: "Inicio", value: "Cuando quieras, a tu ritmo" },
      place: { label: "Ubicación", value: "Online" },
    });
    // A new online course whose admin left date and place empty.
    expect(scheduleFacts({ modality: "Online", nextDateLabel: "", location: "" })).toEqual({
      start: { label: "Inicio", value: "Cuando quieras, a tu ritmo" },
      place: { label: "Ubicación", value: "Online" },
    });
  });

  test("a course not on sale announces no start at all", () => {
    expect(scheduleFacts({ modality: "100% online asincrónico", nextDateLabel: null, location: "Online" }).start).toBeNull();
    expect(scheduleFacts({ modality: "Presencial", nextDateLabel: null, location: "" }).start).toBeNull();
  });

  test("a course with dates keeps its next date, or says it is still to be confirmed", () => {
    expect(scheduleFacts({ modality: "Presencial", nextDateLabel: "8 de marzo de 2027", location: "Santiago" })).toEqual({
      start: { label: "Próxima fecha", value: "8 de marzo de 2027" },
      place: { label: "Ubicación", value: "Santiago" },
    });
    expect(scheduleFacts({ modality: "Presencial", nextDateLabel: "", location: "" })).toEqual({
      start: { label: "Próxima fecha", value: "Por confirmar" },
      place: { label: "Ubicación", value: "Por confirmar" },
    });
  });

  test("an open in-person session gives the date and place, whatever the modality", () => {
    const session = { dateLabel: "8 de marzo de 2027, 10:00 (sesión práctica)", place: "Sede Providencia" };
    expect(scheduleFacts({ modality: "100% online asincrónico", nextDateLabel: "", location: "Online", session })).toEqual({
      start: { label: "Próxima fecha", value: session.dateLabel },
      place: { label: "Ubicación", value: "Sede Providencia" },
    });
  });
});

import { describe, expect, test } from "vitest";
import {
  formatCount,
  formatOneDecimal,
  formatClp,
  formatDate,
  formatDateTime,
  formatHours,
  formatFileSize,
  formatMinutes,
  formatShortDay,
  formatWeekdayAndTime,
  plural,
  PRICE_TO_CONFIRM,
  truncate,
} from "~/domain/format";

describe("formatClp", () => {
  test("muestra pesos chilenos sin decimales con punto de miles", () => {
    expect(formatClp(20000)).toBe("$20.000");
    expect(formatClp(1500000)).toBe("$1.500.000");
    expect(formatClp(0)).toBe("$0");
    expect(formatClp(999)).toBe("$999");
    expect(formatClp(19999.6)).toBe("$20.000");
  });
  test("un precio nulo es 'Precio por confirmar'", () => {
    expect(formatClp(null)).toBe("Precio por confirmar");
    expect(formatClp(undefined)).toBe(PRICE_TO_CONFIRM);
    expect(formatClp(Number.NaN)).toBe(PRICE_TO_CONFIRM);
  });
  test("negativos con el signo delante", () => {
    expect(formatClp(-1500)).toBe("-$1.500");
  });
});

describe("formatShortDay", () => {
  test("un día de Chile en dd/mm/aaaa, tal cual; otra cosa, vacío", () => {
    expect(formatShortDay("2028-02-29")).toBe("29/02/2028");
    expect(formatShortDay(null)).toBe("");
    expect(formatShortDay("2028-02-29T10:00:00Z")).toBe("");
  });
});

describe("formatDate", () => {
  test("un día de calendario no cambia de día por la zona horaria", () => {
    expect(formatDate("2025-03-15")).toBe("15 de marzo de 2025");
    expect(formatDate("2026-01-01")).toBe("1 de enero de 2026");
    expect(formatDate("2025-12-31")).toBe("31 de diciembre de 2025");
  });
  test("un instante se muestra en America/Santiago", () => {
    // 02:00 UTC on 1 March is still 28 February in Santiago (UTC-3 in summer).
    expect(formatDate(new Date("2025-03-01T02:00:00Z"))).toBe("28 de febrero de 2025");
    expect(formatDate("2025-07-01T12:00:00Z")).toBe("1 de julio de 2025");
  });
  test("valores vacíos o inválidos dan texto vacío", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("no es fecha")).toBe("");
    expect(formatDate("2025-02-30")).toBe("");
  });
});

describe("formatDateTime", () => {
  test("dd/MM/yyyy HH:mm en hora de Santiago (verano UTC-3)", () => {
    expect(formatDateTime(new Date("2025-01-15T13:05:00Z"))).toBe("15/01/2025 10:05");
  });
  test("invierno UTC-4 y paso de medianoche", () => {
    expect(formatDateTime(new Date("2025-07-01T03:30:00Z"))).toBe("30/06/2025 23:30");
    expect(formatDateTime("2025-07-01T04:00:00Z")).toBe("01/07/2025 00:00");
  });
  test("inválido da texto vacío", () => {
    expect(formatDateTime("x")).toBe("");
    expect(formatDateTime(null)).toBe("");
  });
});

describe("formatHours / formatMinutes", () => {
  test("horas", () => {
    expect(formatHours(16)).toBe("16 horas");
    expect(formatHours(1)).toBe("1 hora");
    expect(formatHours(2.5)).toBe("2,5 horas");
    // Under an hour, in minutes: nobody says "0,5 horas".
    expect(formatHours(0.5)).toBe("30 minutos");
    expect(formatHours(1.5)).toBe("1,5 horas");
    expect(formatHours(0)).toBe("");
  });
  test("minutos", () => {
    expect(formatMinutes(0)).toBe("");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(90)).toBe("1 h 30 min");
  });
});

describe("truncate", () => {
  test("texto corto queda igual", () => {
    expect(truncate("Hola mundo", 100)).toBe("Hola mundo");
    const exact = "a".repeat(100);
    expect(truncate(exact, 100)).toBe(exact);
  });
  test("texto largo se corta a lo más 100 caracteres más '…'", () => {
    const long = "palabra ".repeat(30);
    const out = truncate(long, 100);
    expect(out.endsWith("…")).toBe(true);
    expect(out.length).toBeLessThanOrEqual(101);
    expect(long.startsWith(out.slice(0, -1))).toBe(true);
  });
  test("sin espacios corta exactamente en 100", () => {
    const out = truncate("x".repeat(150), 100);
    expect(out).toBe(`${"x".repeat(100)}…`);
  });
});

describe("plural y formatFileSize", () => {
  test("cuenta con el sustantivo en singular o plural", () => {
    expect(plural(1, "lección", "lecciones")).toBe("1 lección");
    expect(plural(0, "módulo", "módulos")).toBe("0 módulos");
    expect(plural(3, "lección", "lecciones")).toBe("3 lecciones");
    expect(plural(1200, "fila", "filas")).toBe("1.200 filas");
  });

  test("muestra el tamaño de un archivo en KB (al menos 1) o MB con coma decimal", () => {
    expect(formatFileSize(100)).toBe("1 KB");
    expect(formatFileSize(340 * 1024)).toBe("340 KB");
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2,5 MB");
  });
});

describe("formatCount / formatOneDecimal", () => {
  test("como toLocaleString('es-CL'), también por el atajo de los enteros bajo mil", () => {
    for (const n of [0, 1, 7, 999, -1, -999, 1000, 1234, 1_234_567, -2500, 3.5, 0.125, 12.3456, 999.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString("es-CL"));
    }
    expect(formatCount(1000)).toBe("1.000");
    expect(formatCount(999)).toBe("999");
  });

  test("un decimal", () => {
    expect(formatOneDecimal(3.46)).toBe("3,5");
    expect(formatOneDecimal(2)).toBe("2");
    expect(formatOneDecimal(1234.56)).toBe("1.234,6");
  });
});


describe("formatWeekdayAndTime", () => {
  test("el día de la semana, el día, el mes y la hora de Santiago", () => {
    expect(formatWeekdayAndTime(new Date("2026-12-05T13:00:00Z"))).toBe("sábado 5 de diciembre a las 10:00");
    // Invierno (UTC−4): las 09:30 de un lunes de julio.
    expect(formatWeekdayAndTime(new Date("2026-07-06T13:30:00Z"))).toBe("lunes 6 de julio a las 09:30");
    expect(formatWeekdayAndTime("no es una fecha")).toBe("");
    expect(formatWeekdayAndTime(null)).toBe("");
  });
});

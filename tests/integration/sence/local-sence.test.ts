// The local SENCE server follows the manual técnico RCE v1.1.6: its endpoints, every field rule, the four
// callback shapes, the Clave Única scenarios and the test controls. The academy's own tests rely on it, so it
// is tested on its own first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callbackOf, postToSence, signInAtSence, type SencePage } from "../../../scripts/sence/browser";
import { DEFAULT_OTEC, OTHER_OTEC, startLocalSence, type LocalSence } from "../../../scripts/sence/local-sence";

let sence: LocalSence;
const T0 = new Date("2026-05-12T14:00:00Z"); // 10:00 in Santiago
beforeAll(async () => {
  sence = await startLocalSence({ port: 0, clock: () => T0 });
});
beforeEach(() => sence.reset());
afterAll(() => sence?.close());

const TOKEN = Object.keys(DEFAULT_OTEC.tokens)[0]!;
const REVOKED = Object.keys(DEFAULT_OTEC.tokens)[1]!;
const start = () => `${sence.url}/rcetest/Registro/IniciarSesion`;
const close = () => `${sence.url}/rcetest/Registro/CerrarSesion`;
const form = {
  RutOtec: DEFAULT_OTEC.rut,
  Token: TOKEN,
  CodSence: "1237991108",
  CodigoCurso: "5911547",
  LineaCapacitacion: "3",
  RunAlumno: "12345678-5",
  IdSesionAlumno: "correlacion-0001",
  UrlRetoma: "https://academia.test/sence/retorno",
  UrlError: "https://academia.test/sence/error",
};

const fieldsOf = (page: SencePage) => Object.fromEntries(callbackOf(page).body);
const targetOf = (page: SencePage) => callbackOf(page).url;

/** The GlosaError SENCE answers at once for this form (no Clave Única page). */
async function immediateError(fields: Record<string, string>, endpoint = start()) {
  const page = await postToSence(endpoint, fields);
  expect(page.forms.some((f) => f.action.endsWith("/claveunica/ingresar")), "no Clave Única page").toBe(false);
  expect(targetOf(page)).toBe(form.UrlError);
  return fieldsOf(page).GlosaError;
}

async function openSession(fields = form) {
  const page = await signInAtSence(await postToSence(start(), fields));
  return fieldsOf(page).IdSesionSence!;
}

describe("the two test endpoints", () => {
  it("start OK: Clave Única, then the 8 fields back to UrlRetoma", async () => {
    const login = await postToSence(start(), form);
    expect(login.status).toBe(200);
    expect(login.html).toContain("Ingresa con tu Clave Única");
    const back = await signInAtSence(login);
    expect(targetOf(back)).toBe(form.UrlRetoma);
    const fields = fieldsOf(back);
    expect(Object.keys(fields)).toEqual(["CodSence", "CodigoCurso", "IdSesionAlumno", "IdSesionSence", "RunAlumno", "FechaHora", "ZonaHoraria", "LineaCapacitacion"]);
    expect(fields).toMatchObject({ CodSence: form.CodSence, CodigoCurso: form.CodigoCurso, IdSesionAlumno: form.IdSesionAlumno, RunAlumno: form.RunAlumno, FechaHora: "2026-05-12 10:00:00", LineaCapacitacion: "3" });
    expect(fields.IdSesionSence).toMatch(/^[0-9A-F-]{36}$/);
    expect(sence.sessions()).toMatchObject([{ idSesionSence: fields.IdSesionSence, run: form.RunAlumno, closedAt: null }]);
  });

  it("close OK: the same fields without IdSesionSence, and the session is closed", async () => {
    const id = await openSession();
    sence.advanceClock(42 * 60_000);
    const back = await signInAtSence(await postToSence(close(), { ...form, IdSesionSence: id }));
    expect(targetOf(back)).toBe(form.UrlRetoma);
    expect(Object.keys(fieldsOf(back))).toEqual(["CodSence", "CodigoCurso", "IdSesionAlumno", "RunAlumno", "FechaHora", "ZonaHoraria", "LineaCapacitacion"]);
    expect(sence.sessions()[0]!.closedAt).toBe("2026-05-12 10:42:00");
  });

  it("start and close errors carry GlosaError; only the start's carries IdSesionSence (empty)", async () => {
    const startError = fieldsOf(await signInAtSence(await postToSence(start(), form), { escenario: "312" }));
    expect(startError).toMatchObject({ GlosaError: "312", IdSesionSence: "" });
    const id = await openSession();
    const closeError = fieldsOf(await signInAtSence(await postToSence(close(), { ...form, IdSesionSence: id }), { escenario: "305" }));
    expect(closeError.GlosaError).toBe("305");
    expect("IdSesionSence" in closeError).toBe(false);
  });

  it("refuses production's /rce/ addresses and anything but POST", async () => {
    const rce = await postToSence(`${sence.url}/rce/Registro/IniciarSesion`, form);
    expect(rce.status).toBe(403);
    expect(rce.forms).toEqual([]);
    expect(sence.requests().at(-1)).toMatchObject({ result: "refused: production path" });
    expect((await fetch(start())).status).toBe(405);
    expect(sence.sessions()).toEqual([]);
  });

  it("keeps the token out of its request log", async () => {
    await postToSence(start(), form);
    expect(sence.requests()[0]!.fields.Token).toBe(`…${TOKEN.slice(-4)}`);
  });
});

describe("every field rule of the manual (Anexo 2)", () => {
  it.each([
    ["a missing field", { RunAlumno: undefined }, "200"],
    ["a misspelt field (RutAlumno)", { RunAlumno: undefined, RutAlumno: "12345678-5" }, "200"],
    ["a field of blanks", { IdSesionAlumno: "   " }, "200"],
    ["no UrlRetoma", { UrlRetoma: "" }, "201"],
    ["UrlRetoma over 100 characters", { UrlRetoma: `https://academia.test/${"x".repeat(80)}` }, "202"],
    ["UrlRetoma not absolute", { UrlRetoma: "/sence/retorno" }, "202"],
    ["CodSence of 9 digits", { CodSence: "123799110" }, "204"],
    ["CodSence with letters", { CodSence: "12379911AB" }, "204"],
    ["CodigoCurso of 6 characters", { CodigoCurso: "591154" }, "205"],
    ["CodigoCurso over 50 characters", { CodigoCurso: "1".repeat(51) }, "205"],
    ["line 2", { LineaCapacitacion: "2" }, "206"],
    ["a RUN with a wrong check digit", { RunAlumno: "12345678-4" }, "207"],
    ["a RUN with dots", { RunAlumno: "12.345.678-5" }, "207"],
    ["an OTEC RUT with a wrong check digit", { RutOtec: "76543210-4" }, "209"],
    ["another OTEC's token", { Token: Object.keys(OTHER_OTEC.tokens)[0] }, "211"],
    ["a revoked token", { Token: REVOKED }, "212"],
    ["an unknown token", { Token: "FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF" }, "303"],
    ["a token that is not a GUID", { Token: "12345678-1234-1234-1234-123456789" }, "303"],
    ["a correlation id over 149 characters", { IdSesionAlumno: "x".repeat(150) }, "304"],
    ["two problems at once", { CodSence: "1", CodigoCurso: "2" }, "204;205"],
  ])("%s → %s", async (_name, change, code) => {
    const fields: Record<string, string> = { ...form };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    }
    expect(await immediateError(fields)).toBe(code);
  });

  it("with no usable UrlError SENCE cannot go back: it shows the codes on its own page", async () => {
    for (const UrlError of ["", "notaurl", `https://academia.test/${"x".repeat(90)}`]) {
      const page = await postToSence(start(), { ...form, UrlError });
      expect(page.status).toBe(400);
      expect(page.forms).toEqual([]);
      expect(page.html).toMatch(/Códigos: 20[13]/);
    }
  });

  it("a close with a bad return URL answers 313, and one without IdSesionSence 200", async () => {
    expect(await immediateError({ ...form, IdSesionSence: "X", UrlRetoma: "nope" }, close())).toBe("313");
    expect(await immediateError(form, close())).toBe("200");
  });

  it("-1 skips the code checks (test environment), and line 1 leaves CodSence blank", async () => {
    expect(await openSession({ ...form, CodSence: "-1", CodigoCurso: "-1" })).toBeTruthy();
    expect(await openSession({ ...form, CodSence: "", CodigoCurso: "RLAB-19-02-08-0071-1", LineaCapacitacion: "1" })).toBeTruthy();
    expect(await immediateError({ ...form, CodSence: "1237991108", LineaCapacitacion: "1" })).toBe("204");
  });

  it("a form that is not urlencoded reads as missing fields; an oversized one is refused", async () => {
    const json = await fetch(start(), { method: "POST", body: JSON.stringify(form), headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400); // no UrlError to go back to
    const big = await fetch(start(), { method: "POST", body: `RunAlumno=${"x".repeat(20_000)}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(big.status).toBe(413);
  });
});

describe("what SENCE knows about an action (208, 306–310)", () => {
  it("208 when the RUN is not a participant; the listed one gets in", async () => {
    sence.registerAction({ codigoCurso: form.CodigoCurso, codSence: form.CodSence, runs: ["11111111-1"] });
    const refused = await signInAtSence(await postToSence(start(), form));
    expect(targetOf(refused)).toBe(form.UrlError);
    expect(fieldsOf(refused).GlosaError).toBe("208");
    expect(await openSession({ ...form, RunAlumno: "11111111-1" })).toBeTruthy();
  });

  it("306 wrong CodSence, 307 not e-learning, 308 another OTEC, 309 out of dates, 310 finished", async () => {
    sence.registerAction({ codigoCurso: "7000001", codSence: "9999999999" });
    sence.registerAction({ codigoCurso: "7000002", codSence: form.CodSence, elearning: false });
    sence.registerAction({ codigoCurso: "7000003", codSence: form.CodSence, rutOtec: OTHER_OTEC.rut });
    sence.registerAction({ codigoCurso: "7000004", codSence: form.CodSence, start: "2026-05-13", end: "2026-06-13" });
    sence.registerAction({ codigoCurso: "7000005", codSence: form.CodSence, status: "anulado" });
    const codes = [];
    for (const CodigoCurso of ["7000001", "7000002", "7000003", "7000004", "7000005"]) {
      codes.push(fieldsOf(await signInAtSence(await postToSence(start(), { ...form, CodigoCurso }))).GlosaError);
    }
    expect(codes).toEqual(["306", "307", "308", "309", "310"]);
  });
});

describe("the Clave Única page's scenarios", () => {
  it("every code of Anexo 2 can be chosen", async () => {
    const login = await postToSence(start(), form);
    const offered = login.forms[0]!.selects.escenario!;
    expect(offered.filter((v) => /^\d{3}$/.test(v))).toHaveLength(26);
    for (const code of ["200", "208", "300", "311", "313"]) {
      const back = await signInAtSence(await postToSence(start(), form), { escenario: code });
      expect(fieldsOf(back).GlosaError).toBe(code);
    }
  });

  it("several codes at once", async () => {
    const back = await signInAtSence(await postToSence(start(), form), { escenario: "varios", codigos: "211;204" });
    expect(fieldsOf(back).GlosaError).toBe("211;204");
  });

  it("another RUN at Clave Única answers 311", async () => {
    const back = await signInAtSence(await postToSence(start(), form), { run: "11111111-1" });
    expect(fieldsOf(back).GlosaError).toBe("311");
  });

  it("abandoning sends nothing back, and the sign-in cannot be finished later", async () => {
    const login = await postToSence(start(), form);
    const gone = await signInAtSence(login, { accion: "Abandonar sin terminar" });
    expect(gone.forms).toEqual([]);
    expect(gone.html).toContain("Ingreso sin terminar");
    expect(sence.callbacks()).toEqual([]);
    const again = await signInAtSence(login);
    expect(again.status).toBe(410);
    expect(sence.sessions()).toEqual([]);
  });

  it("an empty Clave Única keeps the learner on the page (manual §2), with nothing sent back", async () => {
    const stay = await signInAtSence(await postToSence(start(), form), { clave: "" });
    expect(stay.html).toContain("Ingresa tu Clave Única.");
    expect(stay.forms.some((f) => f.id === "sence-return")).toBe(false);
  });
});

describe("closing", () => {
  it("an unknown IdSesionSence or one of another learner answers 304; closing twice 301", async () => {
    expect(await immediateError({ ...form, IdSesionSence: "NOPE" }, close())).toBe("304");
    const id = await openSession();
    expect(await immediateError({ ...form, IdSesionSence: id, RunAlumno: "11111111-1" }, close())).toBe("304");
    await signInAtSence(await postToSence(close(), { ...form, IdSesionSence: id }));
    expect(await immediateError({ ...form, IdSesionSence: id }, close())).toBe("301");
  });
});

describe("test controls", () => {
  it("a scenario lined up over HTTP answers the next sign-in of that RUN without the Clave Única page", async () => {
    const set = await fetch(`${sence.url}/_local/scenario`, {
      method: "POST",
      body: JSON.stringify({ run: form.RunAlumno, operation: "start", scenario: { outcome: "error", codes: "211;204" } }),
    });
    expect(set.status).toBe(200);
    const other = await postToSence(start(), { ...form, RunAlumno: "11111111-1" });
    expect(other.html).toContain("Ingresa con tu Clave Única");
    const page = await postToSence(start(), form);
    expect(fieldsOf(page).GlosaError).toBe("211;204");
    // Used once.
    expect((await postToSence(start(), form)).html).toContain("Ingresa con tu Clave Única");
  });

  it("an abandon lined up answers with no callback; a bad scenario is refused", async () => {
    sence.presetScenario({ scenario: { outcome: "abandon" } });
    expect((await postToSence(start(), form)).html).toContain("Ingreso sin terminar");
    const bad = await fetch(`${sence.url}/_local/scenario`, { method: "POST", body: JSON.stringify({ scenario: { outcome: "error" } }) });
    expect(bad.status).toBe(400);
    expect((await fetch(`${sence.url}/_local/sessions`)).status).toBe(200);
  });
});

// The local OpenFactura server keeps the provider's published contract: what it answers, what it refuses and
// how, folios, the Idempotency-Key, the SII's verdicts and the controls the other tests rely on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalOpenFactura, type LocalOpenFactura } from "../../../scripts/dte/local-openfactura";
import { SANDBOX_COMPANIES } from "../../../scripts/dte/local-openfactura-state";
import { pdfText } from "../certificates/helpers";

const KEY = SANDBOX_COMPANIES[0]!.apiKey;
const ISSUER = SANDBOX_COMPANIES[0]!.rut;
const NOW = new Date("2025-03-11T15:00:00Z");

let server: LocalOpenFactura;
beforeAll(async () => {
  server = await startLocalOpenFactura({ clock: () => NOW, siiDelayMs: 60_000 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function boleta41(total = 20_000, overrides: Record<string, unknown> = {}) {
  return {
    Encabezado: {
      IdDoc: { TipoDTE: 41, Folio: 0, FchEmis: "2025-03-11", IndServicio: 3 },
      Emisor: { RUTEmisor: ISSUER, RznSocEmisor: "HAULMER SPA", GiroEmisor: "Capacitación", DirOrigen: "Arturo Prat 527", CmnaOrigen: "Curicó" },
      Receptor: { RUTRecep: "66666666-6" },
      Totales: { MntExe: total, MntTotal: total },
    },
    Detalle: [{ NroLinDet: 1, NmbItem: "Curso: RCP", QtyItem: 1, PrcItem: total, MontoItem: total, IndExe: 1 }],
    ...overrides,
  };
}

function factura(type: 33 | 34 | 61, lines: { qty: number; price: number }[], discount = 0, extra: Record<string, unknown> = {}) {
  const gross = lines.reduce((s, l) => s + l.qty * l.price, 0) - discount;
  const exempt = type === 34;
  const net = Math.round(gross / 1.19);
  return {
    Encabezado: {
      IdDoc: { TipoDTE: type, Folio: 0, FchEmis: "2025-03-11", ...(exempt ? {} : { MntBruto: 1 }) },
      Emisor: { RUTEmisor: ISSUER, RznSoc: "HAULMER SPA", GiroEmis: "Capacitación", Acteco: 854900, DirOrigen: "Arturo Prat 527", CmnaOrigen: "Curicó" },
      Receptor: { RUTRecep: "76430498-5", RznSocRecep: "HOSTY SPA", GiroRecep: "Informática", DirRecep: "Arturo Prat 527", CmnaRecep: "Curicó" },
      Totales: exempt ? { MntExe: gross, MntTotal: gross } : { MntNeto: net, TasaIVA: "19", IVA: gross - net, MntTotal: gross },
    },
    Detalle: lines.map((l, i) => ({ NroLinDet: i + 1, NmbItem: "Curso: RCP", QtyItem: l.qty, PrcItem: l.price, MontoItem: l.qty * l.price, ...(exempt ? { IndExe: 1 } : {}) })),
    ...(discount ? { DscRcgGlobal: [{ NroLinDR: 1, TpoMov: "D", GlosaDR: "Cupón", TpoValor: "$", ValorDR: discount, ...(exempt ? { IndExeDR: 1 } : {}) }] } : {}),
    ...extra,
  };
}

/** The fields of the provider's answers these tests read. */
interface Answer {
  TOKEN: string;
  FOLIO: number;
  PDF: string;
  error: { code: string; message: string; details: { field: string; issue: string }[]; token?: string };
  estado: string;
  folio: number;
  pdf: string;
  xml: string;
  json: { Encabezado: { IdDoc: { Folio: number } } };
}

async function emit(dte: unknown, { key = KEY, idempotency, response = ["FOLIO", "PDF"] }: { key?: string | null; idempotency?: string; response?: string[] } = {}) {
  const res = await fetch(`${server.url}/v2/dte/document`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { apikey: key } : {}), ...(idempotency ? { "Idempotency-Key": idempotency } : {}) },
    body: JSON.stringify({ response, dte }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function get(path: string, key = KEY) {
  const res = await fetch(`${server.url}/v2/dte/document/${path}`, { headers: { apikey: key } });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe("servidor local de OpenFactura", () => {
  it("sin API Key o con una desconocida responde el 401 del gateway", async () => {
    for (const key of [null, "no-es-una-clave"]) {
      const res = await emit(boleta41(), { key });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: expect.stringContaining("invalid subscription key") });
    }
    expect(server.documents()).toHaveLength(0);
  });

  it("emite: TOKEN, folios correlativos por tipo desde 1 y un PDF real con tipo, folio y total", async () => {
    const first = await emit(boleta41(20_000));
    expect(first.status).toBe(200);
    expect(first.body.TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.FOLIO).toBe(1);
    const pdf = Buffer.from(first.body.PDF, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await pdfText(new Uint8Array(pdf));
    expect(text).toContain("BOLETA NO AFECTA O EXENTA ELECTRÓNICA");
    expect(text).toContain("N° 1");
    expect(text).toContain("$20.000");
    expect(text).toContain("sin validez tributaria");

    expect((await emit(boleta41(15_000))).body.FOLIO).toBe(2);
    expect((await emit(factura(34, [{ qty: 3, price: 20_000 }]))).body.FOLIO).toBe(1);
    expect(server.documents().map((d) => [d.type, d.folio])).toEqual([
      [41, 1],
      [41, 2],
      [34, 1],
    ]);
  });

  it("sin response devuelve solo el TOKEN", async () => {
    const res = await emit(boleta41(), { response: [] });
    expect(Object.keys(res.body)).toEqual(["TOKEN"]);
  });

  it("Idempotency-Key: repetida en 24 horas responde OF-06 con el token del documento ya emitido; pasadas, emite otro", async () => {
    const first = await emit(boleta41(), { idempotency: "K7QM-4XTP:venta:1" });
    const again = await emit(boleta41(), { idempotency: "K7QM-4XTP:venta:1" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { message: "Este DTE ya fue emitido (Idempotency-Key)", code: "OF-06", token: first.body.TOKEN } });
    expect(server.documents()).toHaveLength(1);
    server.advanceClock(24 * 3_600_000);
    expect((await emit(boleta41(), { idempotency: "K7QM-4XTP:venta:1" })).body.FOLIO).toBe(2);
  });

  it("una llave que no emitió (documento rechazado) no queda usada", async () => {
    const bad = await emit(boleta41(20_000, { Encabezado: { ...boleta41().Encabezado, Totales: { MntExe: 20_000, MntTotal: 20_001 } } }), { idempotency: "k-1" });
    expect(bad.status).toBe(400);
    expect((await emit(boleta41(), { idempotency: "k-1" })).status).toBe(200);
  });

  it("montos que no cuadran: OF-10 con cada campo errado", async () => {
    const dte = factura(33, [{ qty: 1, price: 20_000 }]);
    // The IVA one peso up and the total left as charged: the IVA no longer fits the lines, nor the total the sum.
    (dte.Encabezado.Totales as unknown as { IVA: number }).IVA += 1;
    const res = await emit(dte);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("OF-10");
    expect(res.body.error.details.map((d) => d.field)).toEqual(["IVA", "MntTotal"]);

    const line = boleta41();
    line.Detalle[0]!.MontoItem = 19_999;
    expect((await emit(line)).body.error.details).toContainEqual({ field: "Detalle[0].MontoItem", issue: "Monto erróneo : 19999" });
  });

  it("afecta con montos brutos y descuento: neto = total ÷ 1,19; el IVA es el resto", async () => {
    const res = await emit(factura(33, [{ qty: 12, price: 20_000 }], 24_000));
    expect(res.status).toBe(200);
    expect(server.documents()[0]!.totals).toEqual({ net: 181_513, vat: 34_487, exempt: 0, total: 216_000 });
  });

  it("un documento exento solo lleva líneas exentas y ningún IVA", async () => {
    const dte = factura(34, [{ qty: 1, price: 20_000 }]);
    delete (dte.Detalle[0] as Record<string, unknown>).IndExe;
    const res = await emit(dte);
    expect(res.body.error.code).toBe("OF-10");
    expect(res.body.error.details).toContainEqual({ field: "Detalle[0].IndExe", issue: expect.stringContaining("exento") });
  });

  it("factura sin giro ni comuna del receptor: OF-02; RUT con dígito errado: OF-10", async () => {
    const dte = factura(34, [{ qty: 1, price: 1000 }]);
    const receptor = dte.Encabezado.Receptor as Record<string, unknown>;
    delete receptor.GiroRecep;
    delete receptor.CmnaRecep;
    const res = await emit(dte);
    expect(res.body.error).toMatchObject({ code: "OF-02", details: [{ field: "Receptor.GiroRecep" }, { field: "Receptor.CmnaRecep" }] });
    const wrongRut = factura(34, [{ qty: 1, price: 1000 }]);
    (wrongRut.Encabezado.Receptor as Record<string, unknown>).RUTRecep = "76430498-4";
    expect((await emit(wrongRut)).body.error.details).toContainEqual({ field: "RUTRecep", issue: "RUT inválido : 76430498-4" });
  });

  it("la API Key emite solo para su contribuyente (OF-03); tipos no soportados, OF-05; folio distinto de 0, OF-10", async () => {
    const other = boleta41();
    (other.Encabezado.Emisor as Record<string, unknown>).RUTEmisor = SANDBOX_COMPANIES[1]!.rut;
    expect((await emit(other)).body.error.code).toBe("OF-03");
    const unsupported = boleta41();
    (unsupported.Encabezado.IdDoc as Record<string, unknown>).TipoDTE = 35;
    expect((await emit(unsupported)).body.error.code).toBe("OF-05");
    const folio = boleta41();
    (folio.Encabezado.IdDoc as Record<string, unknown>).Folio = 7;
    expect((await emit(folio)).body.error.details).toContainEqual({ field: "Folio", issue: expect.any(String) });
  });

  it("nota de crédito: exige referencia, a un documento que exista, sin acreditar más que su total", async () => {
    const sold = await emit(factura(34, [{ qty: 2, price: 10_000 }]));
    const note = (ref: Record<string, unknown>[] | undefined, total = 20_000) =>
      factura(61, [{ qty: 2, price: total / 2 }], 0, ref ? { Referencia: ref } : {});
    const exemptNote = (ref?: Record<string, unknown>[], total = 20_000) => {
      const dte = note(ref, total);
      dte.Encabezado.Totales = { MntExe: total, MntTotal: total };
      dte.Encabezado.IdDoc = { TipoDTE: 61, Folio: 0, FchEmis: "2025-03-12" };
      for (const line of dte.Detalle) (line as Record<string, unknown>).IndExe = 1;
      return dte;
    };
    expect((await emit(exemptNote())).body.error).toMatchObject({ code: "OF-02", details: [{ field: "Referencia" }] });
    const ref = (folio: number) => [{ NroLinRef: 1, TpoDocRef: "34", FolioRef: String(folio), FchRef: "2025-03-11", CodRef: 1, RazonRef: "Anula factura" }];
    expect((await emit(exemptNote(ref(99)))).body.error.code).toBe("OF-09");
    const ok = await emit(exemptNote(ref(sold.body.FOLIO)));
    expect(ok.status).toBe(200);
    expect(ok.body.FOLIO).toBe(1);
    const twice = await emit(exemptNote(ref(sold.body.FOLIO)));
    expect(twice.body.error).toMatchObject({ code: "OF-09", details: [{ field: "MntTotal" }] });
  });

  it("estado del SII: Pendiente hasta que responde; el veredicto se puede fijar", async () => {
    server.siiVerdictNext("Rechazado");
    const rejected = await emit(boleta41());
    const accepted = await emit(boleta41());
    expect((await get(`${rejected.body.TOKEN}/status`)).body).toEqual({ estado: "Pendiente", token: rejected.body.TOKEN });
    server.advanceClock(60_000);
    expect((await get(`${rejected.body.TOKEN}/status`)).body.estado).toBe("Rechazado");
    expect((await get(`${accepted.body.TOKEN}/status`)).body.estado).toBe("Aceptado");
    server.setSiiStatus(accepted.body.TOKEN, "Aceptado con Reparo");
    expect((await get(`${accepted.body.TOKEN}/status`)).body.estado).toBe("Aceptado con Reparo");
  });

  it("un documento por token o por RUT, tipo y folio: pdf, json y xml; otro contribuyente no lo ve", async () => {
    const { body } = await emit(boleta41(), { response: [] });
    const pdf = await get(`${body.TOKEN}/pdf`);
    expect(pdf.body.folio).toBe(1);
    expect(Buffer.from(pdf.body.pdf, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    const json = await get(`${ISSUER}/41/1/json`);
    expect(json.body.json.Encabezado.IdDoc.Folio).toBe(1);
    const xml = Buffer.from((await get(`${body.TOKEN}/xml`)).body.xml, "base64").toString("latin1");
    expect(xml).toContain('encoding="ISO-8859-1"');
    expect(xml).toContain("<Folio>1</Folio>");
    expect((await get(`${body.TOKEN}/pdf`, SANDBOX_COMPANIES[1]!.apiKey)).status).toBe(404);
    expect((await get(`${"0".repeat(64)}/status`)).status).toBe(404);
  });

  it("controles: respuesta perdida (emitido igual), caída del servicio y respuestas a elección, también por HTTP", async () => {
    server.failNext("issue", "after");
    await expect(emit(boleta41(), { idempotency: "perdida" })).rejects.toThrow();
    expect(server.documents()).toHaveLength(1);
    expect((await emit(boleta41(), { idempotency: "perdida" })).body.error.code).toBe("OF-06");

    const control = (path: string, body: unknown) => fetch(`${server.url}/_local/${path}`, { method: "POST", body: JSON.stringify(body) });
    expect((await control("outage", { mode: "unavailable" })).status).toBe(200);
    expect((await emit(boleta41())).status).toBe(503);
    await control("outage", { mode: null });
    await control("respond-next", { operation: "issue", status: 429, body: { message: "API rate limit exceeded" } });
    expect(await emit(boleta41())).toEqual({ status: 429, body: { message: "API rate limit exceeded" } });
    expect((await emit(boleta41())).status).toBe(200);
    const listed = (await (await fetch(`${server.url}/_local/documents`)).json()) as unknown[];
    expect(listed).toHaveLength(2);
  });
});

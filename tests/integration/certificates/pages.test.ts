import { courseHours } from "~/domain/course-hours";
import { formatHours } from "~/domain/format";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db/client.server";
import { issueCertificateForEnrolment } from "~/server/certificates/certificates.server";
import { formatCertificateCode } from "~/domain/certificate-code";
import * as verifyPage from "~/routes/certificado";
import * as searchPage from "~/routes/certificados";
import { getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { completedEnrolment, lessonsOfCourse } from "./helpers";

type DataResult = { data: Record<string, unknown>; init?: { status?: number } };

async function call(fn: (args: never) => unknown, path: string, params: Record<string, string> = {}, cookie?: string) {
  try {
    return await fn({ request: getRequest(path, cookie), params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What a loader answered: a redirect/Response, `data(…, {status})`, or plain data (200). */
function unwrap(result: unknown): { status: number; body: Record<string, unknown>; location?: string | null } {
  if (result instanceof Response) return { status: result.status, body: {}, location: result.headers.get("location") };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const r = result as DataResult;
    return { status: r.init?.status ?? 200, body: r.data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

describe("página pública /certificados/{código}", () => {
  let learner: Awaited<ReturnType<typeof createUser>>;
  let shown: string;
  let code: string;
  beforeAll(async () => {
    const done = await completedEnrolment({ name: "José Muñoz", completedAt: new Date("2026-11-21T15:00:00Z") });
    learner = done.learner;
    code = (await issueCertificateForEnrolment(db(), done.enrolmentId))!.code;
    shown = formatCertificateCode(code);
  });

  it("confirma un certificado válido con titular, curso, horas y fecha, sin correo ni ids", async () => {
    const res = unwrap(await call(verifyPage.loader, `/certificados/${shown}`, { code: shown }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      found: true,
      certificate: {
        displayCode: shown,
        holderName: "José Muñoz",
        holderRut: null,
        courseTitle: "Reanimación Cardiopulmonar solo Compresiones",
        hours: formatHours(courseHours(await lessonsOfCourse(1))),
        date: "21 de noviembre de 2026",
        pdfPath: null,
        // Course 1 ships with 24 months (docs/certificate-validity.md): through the end of November 2028.
        state: expect.objectContaining({ kind: "vigente", validUntil: "2028-11-30" }),
        kind: "theory",
        practical: null,
        renewed: false,
      },
      admin: null,
    });
    const json = JSON.stringify(res.body);
    expect(json).not.toContain(learner.email);
    expect(json).not.toContain(learner.id);
  });

  it("al titular (y solo a él o a un admin) le ofrece descargar el PDF", async () => {
    const own = unwrap(await call(verifyPage.loader, `/certificados/${shown}`, { code: shown }, learner.cookie));
    expect((own.body.certificate as { pdfPath: string }).pdfPath).toBe(`/certificados/${shown}/pdf`);
    const other = await createUser();
    const theirs = unwrap(await call(verifyPage.loader, `/certificados/${shown}`, { code: shown }, other.cookie));
    expect((theirs.body.certificate as { pdfPath: string | null }).pdfPath).toBeNull();
    const admin = await createUser({ role: "admin" });
    const admins = unwrap(await call(verifyPage.loader, `/certificados/${shown}`, { code: shown }, admin.cookie));
    expect((admins.body.certificate as { pdfPath: string }).pdfPath).toBe(`/certificados/${shown}/pdf`);
  });

  it("un código en minúsculas o sin guiones redirige a la dirección impresa", async () => {
    for (const typed of [code.toLowerCase(), shown.toLowerCase(), code]) {
      const res = unwrap(await call(verifyPage.loader, `/certificados/${typed}`, { code: typed }));
      expect(res.status).toBe(302);
      expect(res.location).toBe(`/certificados/${shown}`);
    }
  });

  it("un código inventado responde 404 'Certificado no encontrado'", async () => {
    for (const typed of ["ZZZZ-ZZZZ-ZZZZ", "inventado", "x".repeat(500)]) {
      const res = unwrap(await call(verifyPage.loader, `/certificados/${typed}`, { code: typed }));
      expect(res.status).toBe(404);
      expect(res.body.found).toBe(false);
    }
    const meta = verifyPage.meta({ loaderData: { found: false, code: "ZZZZ-ZZZZ-ZZZZ" } } as never);
    expect(meta).toContainEqual({ title: "Certificado no encontrado | Academia Andes" });
  });

  it("pide a los buscadores no indexar la página", () => {
    const meta = verifyPage.meta({ loaderData: { found: true, certificate: { state: { kind: "vigente" } } } } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({ title: "Certificado válido | Academia Andes" });
    // The tab's title tells the state too (docs/certificate-validity.md).
    const expired = verifyPage.meta({ loaderData: { found: true, certificate: { state: { kind: "vencido" } } } } as never);
    expect(expired).toContainEqual({ title: "Certificado vencido | Academia Andes" });
  });
});

describe("formulario /certificados", () => {
  it("sin código muestra el formulario vacío", async () => {
    const res = unwrap(await call(searchPage.loader, "/certificados"));
    expect(res).toEqual({ status: 200, body: { error: null, value: "" } });
  });

  it("lleva al código normalizado, escrito como sea", async () => {
    const res = unwrap(await call(searchPage.loader, `/certificados?codigo=${encodeURIComponent(" abcd efgh jk12 ")}`));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/certificados/ABCD-EFGH-JK12");
  });

  it("un código con forma inválida también va a su página (solo letras y dígitos), que dirá que no existe", async () => {
    const res = unwrap(await call(searchPage.loader, `/certificados?codigo=${encodeURIComponent("hola/../admin?x=1")}`));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/certificados/H01A-ADM1-NX1");
  });

  it("un código vacío responde 400 con el mensaje junto al campo", async () => {
    const res = unwrap(await call(searchPage.loader, "/certificados?codigo=+-+"));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Ingresa el código del certificado.", value: " - " });
  });
});

import { describe, expect, it } from "vitest";
import { dteConfig, OPENFACTURA_SANDBOX } from "~/server/commerce/tax-documents/config.server";
import { parseEnv } from "~/server/platform/env.server";

const OWN_KEY = "5f2b8c0d9e7a41b3a6c4d2e1f0a9b8c7";
const issuer = {
  DTE_ISSUER_RUT: "76.543.210-3",
  DTE_ISSUER_NAME: "Academia Andes Capacitación SpA",
  DTE_ISSUER_GIRO: "Capacitación en salud y seguridad",
  DTE_ISSUER_ACTIVITY: "854900",
  DTE_ISSUER_ADDRESS: "Av. Providencia 1234, of. 56",
  DTE_ISSUER_COMUNA: "Providencia",
};
const config = (vars: Record<string, string>) => dteConfig(parseEnv(vars));

describe("configuración de documentos tributarios", () => {
  it("sin DTE_PROVIDER: apagada", () => {
    expect(config({})).toEqual({ enabled: false });
    expect(config({ NODE_ENV: "production" })).toEqual({ enabled: false });
  });

  it("variables del proveedor sin DTE_PROVIDER: el mensaje nombra la que falta y las que sobran", () => {
    expect(() => config({ OPENFACTURA_API_KEY: OWN_KEY })).toThrow(/DTE_PROVIDER: set it to openfactura .*OPENFACTURA_API_KEY is set/);
  });

  it("DTE_PROVIDER desconocido u OPENFACTURA_ENVIRONMENT ausente: se nombran", () => {
    expect(() => parseEnv({ DTE_PROVIDER: "libredte" })).toThrow(/DTE_PROVIDER must be openfactura/);
    expect(() => config({ DTE_PROVIDER: "openfactura" })).toThrow(/OPENFACTURA_ENVIRONMENT: required/);
  });

  it("desarrollo: la clave pública y la empresa de prueba de OpenFactura; OPENFACTURA_BASE_URL apunta al servidor local", () => {
    expect(config({ DTE_PROVIDER: "openfactura", OPENFACTURA_ENVIRONMENT: "development" })).toEqual({
      enabled: true,
      provider: "openfactura",
      environment: "development",
      baseUrl: "https://dev-api.haulmer.com",
      apiKey: OPENFACTURA_SANDBOX.apiKey,
      issuer: OPENFACTURA_SANDBOX.issuer,
    });
    const local = config({ DTE_PROVIDER: "openfactura", OPENFACTURA_ENVIRONMENT: "development", OPENFACTURA_BASE_URL: "http://127.0.0.1:4205/" });
    expect(local).toMatchObject({ baseUrl: "http://127.0.0.1:4205" });
  });

  it("producción: exige la clave propia y cada dato del emisor, nombrando cada variable que falta", () => {
    let message = "";
    try {
      config({ DTE_PROVIDER: "openfactura", OPENFACTURA_ENVIRONMENT: "production" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["OPENFACTURA_API_KEY", ...Object.keys(issuer)]) expect(message).toContain(`${name}: required in production`);
  });

  it("producción: ni la clave pública de prueba ni un servidor local; RUT del emisor con dígito verificador correcto", () => {
    const base = { DTE_PROVIDER: "openfactura", OPENFACTURA_ENVIRONMENT: "production", ...issuer };
    expect(() => config({ ...base, OPENFACTURA_API_KEY: OPENFACTURA_SANDBOX.apiKey })).toThrow(/OPENFACTURA_API_KEY: this is the development environment's public key/);
    expect(() => config({ ...base, OPENFACTURA_API_KEY: OWN_KEY, OPENFACTURA_BASE_URL: "http://127.0.0.1:4205" })).toThrow(/OPENFACTURA_BASE_URL: only for the development environment/);
    expect(() => config({ ...base, OPENFACTURA_API_KEY: OWN_KEY, DTE_ISSUER_RUT: "76.543.210-4" })).toThrow(/DTE_ISSUER_RUT: its check digit is wrong/);
    expect(() => parseEnv({ ...base, DTE_ISSUER_ACTIVITY: "12" })).toThrow(/DTE_ISSUER_ACTIVITY must be the SII's economic activity code/);
    expect(() => parseEnv({ ...base, DTE_ISSUER_COMUNA: "x".repeat(21) })).toThrow(/DTE_ISSUER_COMUNA must have at most 20 characters/);
    expect(config({ ...base, OPENFACTURA_API_KEY: OWN_KEY })).toEqual({
      enabled: true,
      provider: "openfactura",
      environment: "production",
      baseUrl: "https://api.haulmer.com",
      apiKey: OWN_KEY,
      issuer: { rut: "76543210-3", name: issuer.DTE_ISSUER_NAME, giro: issuer.DTE_ISSUER_GIRO, activity: "854900", address: issuer.DTE_ISSUER_ADDRESS, comuna: "Providencia", branchCode: null },
    });
  });
});

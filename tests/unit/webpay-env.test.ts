import { createRequire } from "node:module";
import type * as TransbankSdk from "transbank-sdk";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/server/platform/env.server";
import { webpayConfig } from "~/server/commerce/payments/webpay.server";

const sdk = createRequire(import.meta.url)("transbank-sdk") as typeof TransbankSdk;
const OWN_CODE = "597012345678";
const OWN_KEY = "f1e2d3c4b5a69788796a5b4c3d2e1f00aabbccddeeff00112233445566778899";

describe("configuración de Webpay", () => {
  it("sin variables: ambiente de integración con las credenciales públicas de Transbank (las del SDK)", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      const env = parseEnv({ NODE_ENV });
      expect(env.WEBPAY_ENVIRONMENT).toBe("integration");
      expect(webpayConfig(env)).toEqual({
        environment: "integration",
        commerceCode: sdk.IntegrationCommerceCodes.WEBPAY_PLUS,
        apiKey: sdk.IntegrationApiKeys.WEBPAY,
        baseUrl: undefined,
      });
    }
    expect(sdk.IntegrationCommerceCodes.WEBPAY_PLUS).toBe("597055555532");
  });

  it("WEBPAY_BASE_URL apunta el mismo código al servidor local (sin barra final)", () => {
    expect(webpayConfig(parseEnv({ WEBPAY_BASE_URL: "http://127.0.0.1:3390/" })).baseUrl).toBe("http://127.0.0.1:3390");
    expect(() => parseEnv({ WEBPAY_BASE_URL: "127.0.0.1:3390" })).toThrow(/WEBPAY_BASE_URL/);
    expect(() => parseEnv({ WEBPAY_BASE_URL: "ftp://127.0.0.1" })).toThrow(/WEBPAY_BASE_URL/);
  });

  it("producción sin credenciales detiene el arranque nombrando cada variable que falta", () => {
    const production = { NODE_ENV: "production", WEBPAY_ENVIRONMENT: "production" };
    expect(() => parseEnv(production)).toThrow(ConfigError);
    expect(() => parseEnv(production)).toThrow(/WEBPAY_COMMERCE_CODE: required[\s\S]*WEBPAY_API_KEY: required/);
    expect(() => parseEnv({ ...production, WEBPAY_COMMERCE_CODE: OWN_CODE })).toThrow(/WEBPAY_API_KEY: required/);
    expect(() => parseEnv({ ...production, WEBPAY_API_KEY: OWN_KEY })).toThrow(/WEBPAY_COMMERCE_CODE: required/);
    expect(() => parseEnv({ ...production, WEBPAY_COMMERCE_CODE: "", WEBPAY_API_KEY: "" })).toThrow(/WEBPAY_COMMERCE_CODE/);
    // The Transbank environment decides, whatever NODE_ENV says.
    expect(() => parseEnv({ NODE_ENV: "development", WEBPAY_ENVIRONMENT: "production" })).toThrow(/WEBPAY_COMMERCE_CODE/);
  });

  it("producción con credenciales propias arranca con ellas", () => {
    const env = parseEnv({ NODE_ENV: "production", WEBPAY_ENVIRONMENT: "production", WEBPAY_COMMERCE_CODE: OWN_CODE, WEBPAY_API_KEY: OWN_KEY });
    expect(webpayConfig(env)).toEqual({ environment: "production", commerceCode: OWN_CODE, apiKey: OWN_KEY, baseUrl: undefined });
  });

  it("producción rechaza la llave pública de integración y el servidor local", () => {
    const production = { NODE_ENV: "production", WEBPAY_ENVIRONMENT: "production", WEBPAY_COMMERCE_CODE: OWN_CODE };
    expect(() => parseEnv({ ...production, WEBPAY_API_KEY: sdk.IntegrationApiKeys.WEBPAY })).toThrow(/WEBPAY_API_KEY: this is Transbank's public integration key/);
    expect(() => parseEnv({ ...production, WEBPAY_API_KEY: OWN_KEY, WEBPAY_BASE_URL: "http://127.0.0.1:3390" })).toThrow(/WEBPAY_BASE_URL: only for the integration environment/);
  });

  it("valores con forma equivocada se nombran", () => {
    expect(() => parseEnv({ WEBPAY_ENVIRONMENT: "prod" })).toThrow(/WEBPAY_ENVIRONMENT must be integration or production/);
    expect(() => parseEnv({ WEBPAY_COMMERCE_CODE: "12345", WEBPAY_API_KEY: OWN_KEY })).toThrow(/WEBPAY_COMMERCE_CODE must be the 12-digit/);
    expect(() => parseEnv({ WEBPAY_COMMERCE_CODE: OWN_CODE, WEBPAY_API_KEY: "con espacios en la llave" })).toThrow(/WEBPAY_API_KEY must be/);
  });

  it("en integración, credenciales propias van de a dos", () => {
    expect(() => parseEnv({ WEBPAY_COMMERCE_CODE: OWN_CODE })).toThrow(/WEBPAY_API_KEY: set both/);
    expect(() => parseEnv({ WEBPAY_API_KEY: OWN_KEY })).toThrow(/WEBPAY_COMMERCE_CODE: set both/);
    expect(webpayConfig(parseEnv({ WEBPAY_COMMERCE_CODE: OWN_CODE, WEBPAY_API_KEY: OWN_KEY }))).toMatchObject({ commerceCode: OWN_CODE, apiKey: OWN_KEY, environment: "integration" });
  });
});

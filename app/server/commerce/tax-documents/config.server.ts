// How the academy reaches its tax-document provider, from the environment, checked as a whole at start (boot)
// so a missing or wrong value stops the server with a message naming the variable, never a sale without its
// document. Credentials live only in the environment, never in the repository. docs/payments.md explains each.
import { ConfigError, env, type Env } from "../../platform/env.server";
import { parseRut } from "~/domain/rut";

/** The issuer as the provider's account knows it: every document carries it (SII: Emisor). */
export interface Issuer {
  rut: string;
  name: string;
  giro: string;
  /** The SII's economic activity code (Acteco). */
  activity: string;
  address: string;
  comuna: string;
  /** The SII's branch code (CdgSIISucur), when the issuer has branches. */
  branchCode: string | null;
}

export type DteConfig =
  | { enabled: false }
  | {
      enabled: true;
      provider: "openfactura";
      environment: "development" | "production";
      baseUrl: string;
      apiKey: string;
      issuer: Issuer;
    };

/** Haulmer's hosts (docsapi-openfactura.haulmer.com, "URLs por ambiente"). */
export const OPENFACTURA_HOSTS = { development: "https://dev-api.haulmer.com", production: "https://api.haulmer.com" } as const;

/**
 * OpenFactura's development environment needs no account: a public API key and its test company, which every
 * document there must name as its issuer (the emission docs' "empresas de prueba"). Its CAF is simulated, so
 * nothing issued with it is a real document.
 */
export const OPENFACTURA_SANDBOX = {
  apiKey: "928e15a2d14d4a6292345f04960f4bd3",
  otherPublicKeys: ["41eb78998d444dbaa4922c410ef14057"],
  issuer: {
    rut: "76795561-8",
    name: "HAULMER SPA",
    giro: "VENTA AL POR MENOR EN EMPRESAS DE VENTA A DISTANCIA VÍA INTERNET; COMERCIO ELEC",
    activity: "479100",
    address: "ARTURO PRAT 527   CURICO",
    comuna: "Curicó",
    branchCode: "81303347",
  } satisfies Issuer,
} as const;

const ISSUER_VARIABLES = {
  DTE_ISSUER_RUT: "rut",
  DTE_ISSUER_NAME: "name",
  DTE_ISSUER_GIRO: "giro",
  DTE_ISSUER_ACTIVITY: "activity",
  DTE_ISSUER_ADDRESS: "address",
  DTE_ISSUER_COMUNA: "comuna",
} as const;
const DTE_VARIABLES: readonly (keyof Env)[] = ["OPENFACTURA_ENVIRONMENT", "OPENFACTURA_API_KEY", "OPENFACTURA_BASE_URL", ...(Object.keys(ISSUER_VARIABLES) as (keyof typeof ISSUER_VARIABLES)[]), "DTE_ISSUER_BRANCH_CODE"];

/** The provider's configuration, or why it is wrong: every problem, each naming its variable. */
export function dteConfig(config: Env = env()): DteConfig {
  const issues: string[] = [];
  if (config.DTE_PROVIDER === undefined) {
    const stray = DTE_VARIABLES.filter((name) => config[name] !== undefined);
    if (stray.length) issues.push(`DTE_PROVIDER: set it to openfactura to issue tax documents (${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} set), or remove ${stray.length === 1 ? "it" : "them"}`);
    if (issues.length) throw new ConfigError(`Invalid configuration:\n${issues.map((line) => `  ${line}`).join("\n")}`);
    return { enabled: false };
  }
  const environment = config.OPENFACTURA_ENVIRONMENT;
  if (!environment) issues.push("OPENFACTURA_ENVIRONMENT: required with DTE_PROVIDER=openfactura (development: Haulmer's test environment, nothing issued is real; production: real documents)");
  const production = environment === "production";
  if (production) {
    if (!config.OPENFACTURA_API_KEY) issues.push("OPENFACTURA_API_KEY: required in production (OpenFactura → Configuración → API → Generar API Key)");
    const publicKeys: string[] = [OPENFACTURA_SANDBOX.apiKey, ...OPENFACTURA_SANDBOX.otherPublicKeys];
    if (config.OPENFACTURA_API_KEY && publicKeys.includes(config.OPENFACTURA_API_KEY)) issues.push("OPENFACTURA_API_KEY: this is the development environment's public key; production needs your company's own");
    if (config.OPENFACTURA_BASE_URL) issues.push("OPENFACTURA_BASE_URL: only for the development environment (a local OpenFactura server); remove it in production");
  }
  const issuer: Issuer = { ...OPENFACTURA_SANDBOX.issuer };
  for (const [variable, field] of Object.entries(ISSUER_VARIABLES) as [keyof typeof ISSUER_VARIABLES, keyof Issuer][]) {
    const value = config[variable]?.trim();
    if (value) (issuer as Record<keyof Issuer, string | null>)[field] = value;
    // The development environment issues as its test company; production as the academy, named in full.
    else if (production) issues.push(`${variable}: required in production (the issuer as registered at the SII and in OpenFactura)`);
  }
  if (config.DTE_ISSUER_BRANCH_CODE !== undefined || production) issuer.branchCode = config.DTE_ISSUER_BRANCH_CODE ?? null;
  if (config.DTE_ISSUER_RUT !== undefined) {
    const parsed = parseRut(config.DTE_ISSUER_RUT);
    if (parsed.ok) issuer.rut = parsed.rut;
    else issues.push(`DTE_ISSUER_RUT: ${parsed.reason === "checkDigit" ? "its check digit is wrong" : "not a RUT"} (e.g. 76543210-3)`);
  }
  if (issues.length) throw new ConfigError(`Invalid configuration:\n${issues.map((line) => `  ${line}`).join("\n")}`);
  return {
    enabled: true,
    provider: "openfactura",
    environment: environment!,
    baseUrl: (config.OPENFACTURA_BASE_URL ?? OPENFACTURA_HOSTS[environment!]).replace(/\/+$/, ""),
    apiKey: config.OPENFACTURA_API_KEY ?? OPENFACTURA_SANDBOX.apiKey,
    issuer,
  };
}

let cached: { env: Env; config: DteConfig } | undefined;
/** The configuration of the current env() (re-read when tests replace it). */
export function currentDteConfig(): DteConfig {
  const current = env();
  if (cached?.env !== current) cached = { env: current, config: dteConfig(current) };
  return cached.config;
}

/** Whether sales get documents at all. */
export function taxDocumentsEnabled(): boolean {
  return currentDteConfig().enabled;
}

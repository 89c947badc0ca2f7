// The local OpenFactura server the e2e server starts (scripts/e2e-server.mjs): its documents and its controls.
const port = Number(process.env.E2E_DTE_PORT || Number(process.env.E2E_PORT || 3210) + 6);
const DTE_URL = `http://127.0.0.1:${port}`;

export interface IssuedAtProvider {
  token: string;
  type: number;
  folio: number;
  idempotencyKey: string | null;
  dte: { Encabezado: { Receptor: Record<string, unknown> }; Detalle: Record<string, unknown>[] };
  totals: { net: number; vat: number; exempt: number; total: number };
}

export async function dteDocuments(): Promise<IssuedAtProvider[]> {
  return (await (await fetch(`${DTE_URL}/_local/documents`)).json()) as IssuedAtProvider[];
}

/** The documents the provider issued for one order (its number is in the idempotency key). */
export async function dteDocumentsOf(orderNumber: string) {
  return (await dteDocuments()).filter((d) => d.idempotencyKey?.startsWith(`${orderNumber}:`));
}

export async function dteOutage(mode: "unavailable" | null) {
  const res = await fetch(`${DTE_URL}/_local/outage`, { method: "POST", body: JSON.stringify({ mode }) });
  if (!res.ok) throw new Error(`local OpenFactura: ${res.status}`);
}

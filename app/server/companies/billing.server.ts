// A company's data for its facturas (docs/decisions.md F4): razón social and RUT are the company's own (set by an
// admin); giro, address and comuna are confirmed by its manager at a seat purchase and kept for the next one.
import { eq } from "drizzle-orm";
import type { Tx } from "../platform/db/client.server";
import { company } from "../platform/db/schema";

export interface CompanyBilling {
  giro: string;
  address: string;
  comuna: string;
}

export async function saveCompanyBilling(tx: Tx, companyId: number, billing: CompanyBilling) {
  await tx.update(company).set({ giro: billing.giro, address: billing.address, comuna: billing.comuna }).where(eq(company.id, companyId));
}

// What needs an administrator now (domain/admin-todos.ts): counted in one statement of indexed counts, for the
// admin's home and the badges of the administration menu (every admin page's layout reads it, so it stays one
// round trip).
import { sql } from "drizzle-orm";
import { db, rowsOf } from "../platform/db/client.server";
import { now } from "../platform/clock.server";
import type { AdminTodos } from "~/domain/admin-todos";

export async function adminTodos(at: Date = now()): Promise<AdminTodos> {
  const monthAgo = new Date(at.getTime() - 30 * 24 * 60 * 60 * 1000);
  const weekAhead = new Date(at.getTime() + 7 * 24 * 60 * 60 * 1000);
  const result = await db().execute(sql`
    select
      (select count(*) from orders where status = 'pending' and method = 'transfer')::int as transfers,
      (select count(*) from orders o where o.status = 'pending' and o.method = 'transfer'
         and exists (select 1 from transfer_proof p where p.order_id = o.id))::int as transfers_with_proof,
      (select count(*) from contact_message where handled_at is null)::int as messages,
      (select count(*) from outbox where status = 'failed' and created_at >= ${monthAgo.toISOString()}::timestamptz)::int as failed_mail,
      (select count(*) from privacy_request where status = 'pending')::int as privacy,
      (select min(due_on)::text from privacy_request where status = 'pending') as privacy_due_on,
      (select count(*) from skills_session_request where status = 'pending')::int as session_requests,
      (select count(*) from tax_document where state in ('refused', 'review'))::int as tax_documents,
      (select count(*) from company_invitation where accepted_at is null and revoked_at is null
         and expires_at > ${at.toISOString()}::timestamptz and expires_at <= ${weekAhead.toISOString()}::timestamptz)::int as invitations_expiring`);
  const [r] = rowsOf<Record<string, number | string | null>>(result);
  const n = (key: string) => Number(r?.[key] ?? 0);
  return {
    transfers: n("transfers"),
    transfersWithProof: n("transfers_with_proof"),
    messages: n("messages"),
    failedMail: n("failed_mail"),
    privacy: n("privacy"),
    privacyDueOn: (r?.privacy_due_on as string | null) ?? null,
    sessionRequests: n("session_requests"),
    taxDocuments: n("tax_documents"),
    invitationsExpiring: n("invitations_expiring"),
  };
}

// What needs an administrator now (docs/admin-guide.md, "Por hacer"): the counts the server reads, and the lines the
// admin's home shows for them, each leading where the work is done.
import { formatDate, plural } from "./format";

export interface AdminTodos {
  /** Transfer orders awaiting the admin's confirmation; of them, how many have a proof uploaded. */
  transfers: number;
  transfersWithProof: number;
  /** Contact messages nobody marked as handled. */
  messages: number;
  /** Mails that failed for good in the last 30 days. */
  failedMail: number;
  /** Personal-data requests awaiting an answer; the earliest legal deadline among them (ISO day). */
  privacy: number;
  privacyDueOn: string | null;
  /** Companies' requests for an in-company skills session, not yet scheduled. */
  sessionRequests: number;
  /** Tax documents the provider refused, or whose outcome is uncertain. */
  taxDocuments: number;
  /** Company invitations not accepted that expire within 7 days. */
  invitationsExpiring: number;
}

export interface TodoItem {
  key: string;
  label: string;
  href: string;
  detail: string | null;
}

/** The lines of "Por hacer", most urgent first; only what is waiting. */
export function todoItems(t: AdminTodos): TodoItem[] {
  const items: (TodoItem | null)[] = [
    t.privacy > 0
      ? {
          key: "privacy",
          label: plural(t.privacy, "solicitud de datos personales por responder", "solicitudes de datos personales por responder"),
          href: "/admin/privacidad",
          detail: t.privacyDueOn ? `El plazo legal más próximo vence el ${formatDate(t.privacyDueOn)}.` : null,
        }
      : null,
    t.transfers > 0
      ? {
          key: "transfers",
          label: plural(t.transfers, "transferencia por confirmar", "transferencias por confirmar"),
          href: "/admin/ventas?estado=pending",
          detail: t.transfersWithProof > 0 ? `Con comprobante subido: ${t.transfersWithProof}. Revisa la cartola antes de confirmar.` : null,
        }
      : null,
    t.taxDocuments > 0
      ? { key: "tax", label: plural(t.taxDocuments, "documento tributario con problemas", "documentos tributarios con problemas"), href: "/admin/documentos", detail: "Rechazados por el proveedor o con resultado incierto." }
      : null,
    t.messages > 0 ? { key: "messages", label: plural(t.messages, "mensaje de contacto sin atender", "mensajes de contacto sin atender"), href: "/admin/mensajes", detail: null } : null,
    t.sessionRequests > 0
      ? { key: "sessions", label: plural(t.sessionRequests, "solicitud de sesión en empresa por programar", "solicitudes de sesión en empresa por programar"), href: "/admin/sesiones", detail: null }
      : null,
    t.failedMail > 0
      ? { key: "mail", label: plural(t.failedMail, "correo no entregado en los últimos 30 días", "correos no entregados en los últimos 30 días"), href: "/admin/correos", detail: "Búscalo por destinatario para ver el motivo y reenviarlo." }
      : null,
    t.invitationsExpiring > 0
      ? { key: "invitations", label: plural(t.invitationsExpiring, "invitación de empresa vence en 7 días", "invitaciones de empresas vencen en 7 días"), href: "/admin/empresas", detail: null }
      : null,
  ];
  return items.filter((i): i is TodoItem => i !== null);
}

/** The administration menu's badges: how many things wait behind each entry. */
export function menuCounts(t: AdminTodos): Record<string, number> {
  return {
    "/admin/ventas": t.transfers,
    "/admin/mensajes": t.messages,
    "/admin/correos": t.failedMail,
    "/admin/privacidad": t.privacy,
    "/admin/sesiones": t.sessionRequests,
    "/admin/documentos": t.taxDocuments,
    "/admin/empresas": t.invitationsExpiring,
  };
}

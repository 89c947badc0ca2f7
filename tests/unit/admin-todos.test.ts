// The lines of "Por hacer" (docs/admin-guide.md): only what waits, the most urgent first, in natural Spanish.
import { describe, expect, it } from "vitest";
import { menuCounts, todoItems, type AdminTodos } from "~/domain/admin-todos";

const none: AdminTodos = { transfers: 0, transfersWithProof: 0, messages: 0, failedMail: 0, privacy: 0, privacyDueOn: null, sessionRequests: 0, taxDocuments: 0, invitationsExpiring: 0 };

describe("todoItems", () => {
  it("says nothing when nothing waits", () => {
    expect(todoItems(none)).toEqual([]);
  });
  it("puts the legal deadlines first, counts in singular and plural, and links where the work is done", () => {
    const items = todoItems({ ...none, transfers: 2, transfersWithProof: 1, messages: 1, privacy: 1, privacyDueOn: "2026-12-29" });
    expect(items.map((i) => i.key)).toEqual(["privacy", "transfers", "messages"]);
    expect(items[0]).toMatchObject({ label: "1 solicitud de datos personales por responder", href: "/admin/privacidad", detail: "El plazo legal más próximo vence el 29 de diciembre de 2026." });
    expect(items[1]).toMatchObject({ label: "2 transferencias por confirmar", href: "/admin/ventas?estado=pending" });
    expect(items[1]!.detail).toContain("Con comprobante subido: 1.");
    expect(items[2]!.label).toBe("1 mensaje de contacto sin atender");
  });
  it("gives the menu the same counts", () => {
    expect(menuCounts({ ...none, transfers: 3, failedMail: 2 })).toMatchObject({ "/admin/ventas": 3, "/admin/correos": 2, "/admin/mensajes": 0 });
  });
});

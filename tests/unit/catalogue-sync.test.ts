import { describe, expect, it } from "vitest";
import { catalogueSync } from "~/domain/catalogue-sync";

const t = (iso: string) => new Date(iso);

describe("¿un curso incluido sigue el material del catálogo?", () => {
  it("un curso creado en el editor es propio de la academia", () => {
    expect(catalogueSync({ sourceHash: null, createdAt: t("2026-01-01"), updatedAt: t("2026-02-01"), catalogueSyncedAt: null })).toBe("own");
  });
  it("sigue el catálogo mientras nadie lo editó después de que el catálogo lo escribió", () => {
    const at = t("2026-03-01T12:00:00Z");
    expect(catalogueSync({ sourceHash: "h", createdAt: t("2026-01-01"), updatedAt: at, catalogueSyncedAt: at })).toBe("follows");
    expect(catalogueSync({ sourceHash: "h", createdAt: t("2026-03-01T12:00:00.001Z"), updatedAt: t("2026-03-01T12:00:00.002Z"), catalogueSyncedAt: t("2026-03-01T12:00:00.001Z") })).toBe("edited");
  });
  it("una base anterior a la marca: la fecha de creación la reemplaza", () => {
    expect(catalogueSync({ sourceHash: "h", createdAt: t("2026-01-01"), updatedAt: t("2026-01-01"), catalogueSyncedAt: null })).toBe("follows");
    expect(catalogueSync({ sourceHash: "h", createdAt: t("2026-01-01"), updatedAt: t("2026-01-02"), catalogueSyncedAt: null })).toBe("edited");
  });
});

// The admin pages' copies of the catalogue (the course pickers of sales, enrolments and coupons; the admin
// dashboard's course cards; the overview's course filter), kept per process as production keeps them
// (app/server/catalogue/cache.server.ts, on here; the other tests read afresh): creating a course and adding
// a module to it show on the very next page.
import { describe, expect, it } from "vitest";
import { action as newAction } from "~/routes/admin/curso-nuevo";
import { action as editorAction } from "~/routes/admin/curso-editor";
import { loader as salesLoader } from "~/routes/admin/ventas";
import { loader as enrolmentsLoader } from "~/routes/admin/inscripciones";
import { loader as adminLoader } from "~/routes/admin/index";
import { formRequest, getRequest } from "../support/requests";
import { createUser } from "../support/users";
import { useCatalogueCopies } from "../support/catalogue-copies";
import { call } from "../support/call";

useCatalogueCopies();

type Picked = { id: number; title: string; status?: string };

describe("las copias del catálogo en las páginas de administración", () => {
  it("un curso recién creado aparece en cada selector y en el panel; un módulo añadido se cuenta en la página siguiente", async () => {
    const admin = await createUser({ role: "admin" });
    const pages = async () => {
      const sales = await call(salesLoader, getRequest("/admin/ventas", admin.cookie));
      const enrolments = await call(enrolmentsLoader, getRequest("/admin/inscripciones", admin.cookie));
      const home = await call(adminLoader, getRequest("/admin", admin.cookie));
      return {
        sales: sales.data.courses as Picked[],
        enrolments: enrolments.data.courses as Picked[],
        filter: home.data.overview.courses as Picked[],
        cards: home.data.courses as { courseId: number; title: string; status: string; lessons: number }[],
      };
    };
    await pages(); // the copies are made here

    const title = `Curso de las copias ${Date.now()}`;
    const created = await call(
      newAction,
      formRequest(
        "/admin/cursos/nuevo",
        { title, category: "Emergencias", level: "Básico", durationHours: "8", priceClp: "$25.000", modality: "Online", description: "Un curso.", longDescription: "", audience: "", topics: "", materials: "", certification: "", imageUrl: "", nextDate: "", location: "Online", requirements: "" },
        { cookie: admin.cookie },
      ),
    );
    expect(created.status).toBe(302);
    const id = Number(/\/admin\/cursos\/(\d+)/.exec(created.location!)![1]);

    const after = await pages();
    expect(after.sales).toContainEqual({ id, title, status: "draft" });
    expect(after.enrolments).toContainEqual({ id, title, status: "draft" });
    expect(after.filter).toContainEqual({ id, title });
    expect(after.cards.find((c) => c.courseId === id)).toMatchObject({ title, status: "draft", lessons: 0 });

    const added = await call(editorAction, formRequest(`/admin/cursos/${id}`, { intent: "add-module", title: "Módulo 1", description: "" }, { cookie: admin.cookie }), { id: String(id) });
    expect(added.status).toBe(200);
    expect((await pages()).cards.find((c) => c.courseId === id)).toMatchObject({ modules: 1 });
  });
});

// When enrolling fails, the learner goes back to the page they came from, where the button shows the
// spec's alert ('Ocurrió un error al inscribirte en el curso...'); nothing is written.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import { db } from "~/server/platform/db/client.server";
import { course, enrolment } from "~/server/platform/db/schema";
import * as enrolRoute from "~/routes/curso-inscribir";
import type { enrolInCourse as EnrolInCourse, getEnrolStates, findEnrolment } from "~/server/learning/enrolments.server";
import { ENROL_ERROR_PARAM } from "~/ui/course/enrol-button";
import { formRequest } from "../support/requests";
import { createUser } from "../support/users";
import { call } from "../support/call";
import { useFixtureCatalogue } from "./fixture-catalogue";

vi.mock("~/server/learning/enrolments.server", async (importOriginal) => ({
  ...(await importOriginal<{ getEnrolStates: typeof getEnrolStates; findEnrolment: typeof findEnrolment; enrolInCourse: typeof EnrolInCourse }>()),
  enrolInCourse: vi.fn(async () => {
    throw new Error("database unavailable");
  }),
}));

useFixtureCatalogue();
// The spec's immediate enrolment is for a free course (docs/decisions.md E1); priced ones go through checkout (tests/integration/commerce).
beforeAll(async () => {
  await db().update(course).set({ priceClp: 0 }).where(eq(course.id, 1));
});

describe("error al inscribirse", () => {
  it("vuelve a la página de origen con la señal de error y no inscribe", async () => {
    const u = await createUser();
    const from = await call(enrolRoute.action, formRequest("/cursos/1/inscribir", { volver: "/cursos?categoria=Salud" }, { cookie: u.cookie }), { id: "1" });
    expect(from).toMatchObject({ status: 302, location: `/cursos?categoria=Salud&${ENROL_ERROR_PARAM}=1` });
    const fallback = await call(enrolRoute.action, formRequest("/cursos/1/inscribir", { volver: "https://malo.example/" }, { cookie: u.cookie }), { id: "1" });
    expect(fallback).toMatchObject({ status: 302, location: `/cursos/1?${ENROL_ERROR_PARAM}=1` });
    expect((await db().select({ n: count() }).from(enrolment))[0]!.n).toBe(0);
  });
});

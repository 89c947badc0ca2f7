// Certificate test helpers: a learner with a completed enrolment, and ways to read a certificate PDF.
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { db } from "~/server/platform/db/client.server";
import { courseModule, enrolment, lesson } from "~/server/platform/db/schema";
import { createUser } from "../support/users";

/** A learner enrolled in a course and finished it (the learning flow's end state). */
export async function completedEnrolment(input: { name?: string; courseId?: number; completedAt?: Date } = {}) {
  const learner = await createUser({ name: input.name });
  const [row] = await db()
    .insert(enrolment)
    .values({
      userId: learner.id,
      courseId: input.courseId ?? 1,
      progress: 100,
      completedAt: input.completedAt ?? new Date("2026-11-21T15:00:00Z"),
    })
    .returning({ id: enrolment.id });
  return { learner, enrolmentId: row!.id };
}

export async function enrolmentRow(id: number) {
  const [row] = await db().select().from(enrolment).where(eq(enrolment.id, id));
  return row!;
}

async function openPdf(bytes: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
}

/** Every page's text, pages joined by newlines; items on a page joined by spaces. */
export async function pdfText(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const size = (await doc.getPage(1)).view;
  await doc.destroy();
  return { text: pages.join("\n"), numPages: pages.length, width: size[2]! - size[0]!, height: size[3]! - size[1]! };
}

/** Each text run of page 1 with its font size (points) and its distance from the top of the page. */
export async function pdfTextRuns(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(1);
  const top = page.view[3]!;
  const content = await page.getTextContent();
  await doc.destroy();
  return content.items.flatMap((item) =>
    "str" in item && item.str.trim() ? [{ text: item.str, size: Math.hypot(item.transform[2]!, item.transform[3]!), fromTop: top - item.transform[5]! }] : [],
  );
}

/** Renders page 1 (pdf.js with its Node canvas) and decodes the QR code found anywhere on it. */
export async function decodeQrOnFirstPage(bytes: Uint8Array): Promise<string | null> {
  const doc = await openPdf(bytes);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return found?.data ?? null;
}

/** A course's lessons as the hours rule reads them (docs/decisions.md D1). */
export async function lessonsOfCourse(courseId: number) {
  return db()
    .select({ durationMin: lesson.durationMin, status: lesson.status })
    .from(lesson)
    .innerJoin(courseModule, eq(lesson.moduleId, courseModule.id))
    .where(eq(courseModule.courseId, courseId));
}

// The skills checklists: content, like the lessons (content/courses/<slug>/skills-checklist.json), each item with
// the guideline it comes from. A course has in-person sessions only if it has a checklist.
import fs from "node:fs/promises";
import path from "node:path";
import { checklistFileSchema, type Checklist } from "~/domain/skills-sessions";
import { env } from "../platform/env.server";

const cache = new Map<string, Promise<Checklist | null>>();

async function read(slug: string): Promise<Checklist | null> {
  const file = path.resolve(env().CONTENT_DIR, "courses", slug, "skills-checklist.json");
  let raw: string;
  try {
    raw = await fs.readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  // A malformed file is a content mistake: fail loudly rather than assess against half a list.
  return checklistFileSchema.parse(JSON.parse(raw));
}

/** The course's checklist by its slug (read once per process), or null when the course has none. */
export function checklistFor(slug: string): Promise<Checklist | null> {
  if (!/^[a-z0-9-]+$/.test(slug)) return Promise.resolve(null);
  let found = cache.get(slug);
  if (!found) {
    found = read(slug);
    found.catch(() => cache.delete(slug));
    cache.set(slug, found);
  }
  return found;
}

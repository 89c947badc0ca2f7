// The skills checklists: content, like the lessons (content/courses/<slug>/skills-checklist.json), each item with
// the guideline it comes from. A course has in-person sessions only if it has a checklist.
import fs from "node:fs/promises";
import path from "node:path";
import { checklistFileSchema, type Checklist } from "~/domain/skills-sessions";
import { env } from "../platform/env.server";

const cache = new Map<string, Promise<Checklist | null>>();

async function read(file: string): Promise<Checklist | null> {
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
  // Kept by the file it comes from, not the slug alone: the same slug in another content folder is another list.
  const file = path.resolve(env().CONTENT_DIR, "courses", slug, "skills-checklist.json");
  let found = cache.get(file);
  if (!found) {
    found = read(file);
    found.catch(() => cache.delete(file));
    cache.set(file, found);
  }
  return found;
}

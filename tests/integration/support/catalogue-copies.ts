// The per-process copies of the catalogue (app/server/catalogue/cache.server.ts) are on in every integration test,
// as production keeps them (OUTLINE_CACHE_MS's default). A test that changes course, module or lesson rows straight
// in the database — something no application path does without announcing it — says so with changedInTheDatabase(),
// as a second server process would learn it from its primary.
import { afterAll, beforeAll } from "vitest";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { env, setEnv, type Env } from "~/server/platform/env.server";

/** After a test's own write to course rows (not through the application): the copies are dropped. */
export function changedInTheDatabase(): void {
  catalogueChanged();
}

/** The copies kept for a whole minute, so a test can tell a copy from a fresh read. */
export function useCatalogueCopies() {
  let saved: Env;
  beforeAll(() => {
    saved = env();
    setEnv({ ...saved, OUTLINE_CACHE_MS: 60_000 });
    catalogueChanged();
  });
  afterAll(() => {
    setEnv(saved);
    catalogueChanged();
  });
}

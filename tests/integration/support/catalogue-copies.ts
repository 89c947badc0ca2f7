// The per-process copies of the catalogue (app/server/catalogue/cache.server.ts) on for a test file, as production
// keeps them; every other test reads afresh (setup.ts sets OUTLINE_CACHE_MS to 0, since many tests change course
// rows straight in the database, which announces nothing).
import { afterAll, beforeAll } from "vitest";
import { catalogueChanged } from "~/server/catalogue/events.server";
import { env, setEnv, type Env } from "~/server/platform/env.server";

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

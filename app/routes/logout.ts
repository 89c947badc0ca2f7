import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { accountMessages as M } from "~/domain/account-messages";
import { signOut } from "~/server/accounts/accounts.server";
import { logger } from "~/server/platform/logger.server";

// POST only (a link or a prefetch must never sign anybody out); the cross-site check is in server/security.ts.
export async function action({ request }: Route.ActionArgs) {
  try {
    const headers = await signOut(request);
    return redirect("/", { headers });
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return data({ error: M.logoutFailed }, { status: 500 });
  }
}

export function loader() {
  return redirect("/");
}

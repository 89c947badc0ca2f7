import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in-layout";
import { requireUser } from "~/server/accounts/session.server";

// Guard for the signed-in branch; each child loader and action still checks for itself.
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function SignedInLayout() {
  return <Outlet />;
}

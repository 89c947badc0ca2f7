// Someone asked for a password reset: Better Auth looks the account up, stores the token and calls
// sendResetPassword, which queues the mail. An unknown address ends here, as quietly as a known one, and the
// request that asked answered at once either way.
import { z } from "zod";
import { defineJob } from "../../platform/outbox/jobs.server";
import { getAuth } from "../auth.server";
import { internalHeaders, RESET_PASSWORD_PATH } from "../auth-hooks.server";

declare module "../../platform/outbox/jobs.server" {
  interface JobKinds {
    passwordReset: { email: string };
  }
}

defineJob("passwordReset", {
  payload: z.object({ email: z.string() }),
  async run({ email }) {
    const auth = await getAuth();
    await auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PATH }, headers: internalHeaders() });
  },
});

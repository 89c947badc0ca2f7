// The account actions of /admin/usuarios and /admin/usuarios/{id} (role, disable/enable): one schema for both.
import { z } from "zod";

// Account ids are printable ASCII; anything else (a NUL would make PostgreSQL fail) is not an id.
export const userIdSchema = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);

/** The account actions of /admin/usuarios and /admin/usuarios/{id}: role and disable/enable. */
export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-role"), userId: userIdSchema, role: z.enum(["user", "admin"]) }),
  z.object({ intent: z.literal("set-banned"), userId: userIdSchema, banned: z.enum(["true", "false"]) }),
]);

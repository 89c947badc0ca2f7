// Ask the SII's answer for an issued document; `check` counts the scheduled looks so far (jobs.server.ts).
import { z } from "zod";
import { defineJob } from "../../../platform/outbox/jobs.server";
import { refreshDocumentStatus } from "../jobs.server";

declare module "../../../platform/outbox/jobs.server" {
  interface JobKinds {
    taxDocumentStatus: { documentId: number; check: number };
  }
}

defineJob("taxDocumentStatus", {
  payload: z.object({ documentId: z.number().int().positive(), check: z.number().int().min(0) }),
  async run({ documentId, check }) {
    await refreshDocumentStatus(documentId, check);
  },
});

// Issue a pending tax document at the provider (queued with the document, in the transaction that made it due).
import { z } from "zod";
import { defineJob } from "../../../platform/outbox/jobs.server";
import { issueDocument } from "../jobs.server";

declare module "../../../platform/outbox/jobs.server" {
  interface JobKinds {
    taxDocumentIssue: { documentId: number };
  }
}

defineJob("taxDocumentIssue", { payload: z.object({ documentId: z.number().int().positive() }), run: ({ documentId }) => issueDocument(documentId) });

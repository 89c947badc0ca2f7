// Carries the per-request CSP nonce from Express (server/security.ts makes it) to the React render
// (app/entry.server.tsx), through React Router's load context.
import { createContext, type RouterContextProvider } from "react-router";

export const cspNonceContext = createContext<string | undefined>(undefined);

export function cspNonceFrom(context: Pick<RouterContextProvider, "get"> | undefined): string | undefined {
  try {
    return context?.get(cspNonceContext);
  } catch {
    return undefined;
  }
}

/** Values the Worker hands to React Router through its `RouterContextProvider` (see worker/index.ts). */
import { createContext } from "react-router";
import type { Env } from "@worker/env";

export interface WorkerContext {
  env: Env;
  ctx: ExecutionContext;
  /** Per-response CSP nonce (base64); every inline script carries it. */
  nonce: string;
}

export const workerContext = createContext<WorkerContext>();

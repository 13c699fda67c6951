/**
 * The Worker under test for the API project: the same Hono app, security headers and EventHub as
 * worker/index.ts, without the React Router build (which only exists after `vite build`).
 */
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { newNonce, withSecurityHeaders } from "../../worker/security-headers";

export { EventHub } from "../../worker/hub";

export default {
  fetch: async (request, env, ctx) => withSecurityHeaders(await app.fetch(request, env, ctx), newNonce()),
} satisfies ExportedHandler<Env>;

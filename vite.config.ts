import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The libraries every page runs (the client entry and the root route import them): one chunk instead of six, which
 * compresses ~5 KB smaller on every page, public ones included. Everything else is Rolldown's own chunking;
 * hand-made console groups paid nothing measurable over HTTP/2 (docs/decisions/0021).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|@radix-ui[\\/]react-direction)[\\/]/;

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  publicDir: "web/public",
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK }] } } } },
    },
  },
});

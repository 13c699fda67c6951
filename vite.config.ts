import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

/**
 * Client chunking (issue 7, benchmark 3; docs/decisions/0014). Rolldown's automatic chunking gives every distinct
 * set of importing routes its own chunk, so a cold Students page fetched ~60 scripts, many of a few hundred bytes,
 * 6 at a time over `wrangler dev`'s HTTP/1.1. Two groups, computed from the import graph:
 * - `framework`: the libraries the client entry and the root route import (React, React DOM, React Router,
 *   i18next). Every page loads all of them already; one file instead of six.
 * - `admin`: what the console shell (the admin layout) imports and the icons two or more console pages import;
 *   `admin-tables`: the rest of what the shared table kit (web/components/data-table) imports, which the
 *   dashboard does not need. Both leave out modules a public page can load: anything the
 *   client entry, the root, a public route or one of their lazy chunks imports, directly or not, stays with
 *   automatic chunking, so public pages never load console code (issue 5). Code of one console page or of a dialog
 *   (a dynamic import) is left out too: it stays with that page or stays lazy.
 */

/** Client route modules (React Router adds this query to each route entry). */
const ROUTE_ENTRY = "?__react-router-build-client-route";
/** Admin console route entries: the layout and the pages under /admin/dashboard (not login, not the redirect). */
const ADMIN_ROUTE = /[\\/]web[\\/]routes[\\/]admin[\\/](?!login\.|index\.)[^\\/]+\?__react-router-build-client-route$/;
const ADMIN_LAYOUT = /[\\/]web[\\/]routes[\\/]admin[\\/]layout\.tsx\?/;
/** The shared admin table kit (DataTable, pagination, server paging) used by most console pages. */
const TABLE_KIT = /[\\/]web[\\/]components[\\/]data-table[\\/]index\.ts$/;
/** Loaded by every page: the client entry and the root route. */
const EVERY_PAGE = /(entry\.client\.tsx$|[\\/]web[\\/]root\.tsx\?)/;
/** The layout of the public pages (home, results, teacher selection). */
const PUBLIC_LAYOUT = /[\\/]web[\\/]components[\\/]public[\\/]public-layout\.tsx$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

type ModuleInfo = { id: string; isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type Ctx = { getModuleInfo: (id: string) => ModuleInfo | null };

/**
 * Barrels that re-export a whole library (`lucide-react`: every icon; `radix-ui`: every primitive). Their import
 * edges say nothing about what a page uses, so the graph below replaces "imports the barrel" by "imports the
 * modules of the names it takes from it", read from the importing source file.
 */
const BARRELS = [
  {
    specifier: "lucide-react",
    id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
    /** Export name (aliases included, e.g. Trash2) → module path suffix. */
    targets: () => {
      const map = new Map<string, string>();
      const src = readFileSync("node_modules/lucide-react/dist/esm/lucide-react.mjs", "utf8");
      for (const m of src.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g))
        for (const part of m[1]!.split(",")) map.set(part.trim().replace(/^default as /, ""), `lucide-react/dist/esm/icons/${m[2]}`);
      return map;
    },
  },
  {
    specifier: "radix-ui",
    id: /[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
    targets: () => {
      const map = new Map<string, string>();
      const src = readFileSync("node_modules/radix-ui/dist/index.mjs", "utf8");
      for (const m of src.matchAll(/import \* as (\w+) from "(@radix-ui\/[^"]+)"/g)) map.set(m[1]!, `${m[2]}/dist/index.mjs`);
      return map;
    },
  },
];

/** Assigns modules to the `admin` chunk from the static import graph (computed once per build, on first use). */
function consoleChunking() {
  const ids: string[] = [];
  let groups: Map<string, string> | null = null;

  const build = (ctx: Ctx) => {
    const barrels = BARRELS.map((b) => ({ ...b, map: b.targets() }));
    const bySuffix = (suffix: string) => ids.find((id) => id.replaceAll("\\", "/").endsWith(suffix));
    const resolved = new Map<string, string | undefined>();
    const resolve = (suffix: string) => {
      if (!resolved.has(suffix)) resolved.set(suffix, bySuffix(suffix));
      return resolved.get(suffix);
    };
    /** The barrel modules a source file's named imports stand for. */
    const barrelEdges = (id: string): string[] => {
      const file = id.split("?")[0]!;
      if (file.includes("node_modules") || !/\.(tsx?|jsx?|mjs)$/.test(file)) return [];
      let src: string;
      try {
        src = readFileSync(file, "utf8");
      } catch {
        return [];
      }
      const out: string[] = [];
      for (const b of barrels)
        for (const m of src.matchAll(new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${b.specifier}["']`, "g")))
          for (const raw of m[1]!.split(",")) {
            const name = raw.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim();
            const target = name ? b.map.get(name) : undefined;
            const mod = target ? resolve(target) : undefined;
            if (mod) out.push(mod);
          }
      return out;
    };
    const closure = (from: string[], dynamic: boolean) => {
      const seen = new Set<string>();
      const stack = [...from];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        if (barrels.some((b) => b.id.test(id))) continue;
        const info = ctx.getModuleInfo(id);
        stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []), ...barrelEdges(id));
      }
      return seen;
    };
    const entries = ids.filter((id) => ctx.getModuleInfo(id)?.isEntry);
    // Everything a public page can ever load, lazily loaded chunks included.
    const publicSet = closure(entries.filter((id) => !ADMIN_ROUTE.test(id)), true);
    const shell = closure(entries.filter((id) => ADMIN_LAYOUT.test(id)), false);
    const kit = ids.filter((id) => TABLE_KIT.test(id));
    const tables = closure(kit, false);
    // Icons (leaf modules of a few hundred bytes) that two or more console pages import would each be a chunk.
    const iconUses = new Map<string, number>();
    for (const entry of entries.filter((id) => ADMIN_ROUTE.test(id))) {
      const reach = closure([entry], false);
      for (const id of reach) if (LUCIDE_ICON.test(id)) iconUses.set(id, (iconUses.get(id) ?? 0) + 1);
      // A console page without the table kit (the dashboard) must not load `admin-tables` for a helper it shares.
      if (!kit.some((k) => reach.has(k))) for (const id of reach) tables.delete(id);
    }
    const out = new Map<string, string>();
    const consoleOnly = (id: string) => !publicSet.has(id) && !id.includes(ROUTE_ENTRY) && !barrels.some((b) => b.id.test(id));
    // The table kit first, so what the shell also uses is overwritten by `admin` (loaded by every console page).
    for (const id of tables) if (consoleOnly(id)) out.set(id, "admin-tables");
    for (const id of [...shell, ...[...iconUses].filter(([, n]) => n >= 2).map(([i]) => i)]) if (consoleOnly(id)) out.set(id, "admin");
    // The public pages' shell (navbar, footer, language switch and their icons), which every page with the public
    // layout loads, as one file instead of about ten; modules the console also reaches stay out of it, so no
    // console page loads navbar code.
    const consoleReach = closure(entries.filter((id) => ADMIN_ROUTE.test(id)), true);
    for (const id of closure(ids.filter((id) => PUBLIC_LAYOUT.test(id)), false))
      if (!consoleReach.has(id) && !id.includes(ROUTE_ENTRY) && !barrels.some((b) => b.id.test(id)) && !out.has(id)) out.set(id, "public-shell");
    // The libraries every page runs (React, React DOM, React Router, i18next): one file instead of six.
    for (const id of closure(entries.filter((e) => EVERY_PAGE.test(e)), false)) if (id.includes("node_modules") && !ctx.getModuleInfo(id)?.isEntry && !barrels.some((b) => b.id.test(id))) out.set(id, "framework");
    return out;
  };

  return {
    test(id: string) {
      ids.push(id);
      return true;
    },
    name(id: string, ctx: Ctx) {
      groups ??= build(ctx);
      return groups.get(id) ?? null;
    },
  };
}

/**
 * The `admin` group leaves out the dependencies it shares with public pages (`includeDependenciesRecursively:
 * false`), which Rolldown allows only when entry chunks may gain exports ("allow-extension"; React Router asks for
 * "exports-only"). Route modules keep every export React Router reads either way.
 */
function adminChunkEntries(): Plugin {
  return {
    name: "admin-chunk-entries",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "client") return;
      const options = (config.build ??= {}) as { rollupOptions?: Record<string, unknown>; rolldownOptions?: Record<string, unknown> };
      if (options.rollupOptions) options.rollupOptions.preserveEntrySignatures = "allow-extension";
      options.rolldownOptions = { ...options.rolldownOptions, preserveEntrySignatures: "allow-extension" };
    },
  };
}

const chunking = consoleChunking();

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter(), adminChunkEntries()],
  publicDir: "web/public",
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: chunking.name, debugName: "admin", test: chunking.test, includeDependenciesRecursively: false }],
            },
          },
        },
      },
    },
  },
});

import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web",
  ssr: true,
  // With splitting on, 8.4 moved a layout's HydrateFallback into a chunk the manifest never listed, so the
  // server's fallback stayed on screen after hydration (seen on /admin/dashboard). One chunk per route instead.
  splitRouteModules: false,
} satisfies Config;

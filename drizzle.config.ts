import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: {
    url: process.env.LIBSQL_URL ?? "http://127.0.0.1:8080",
    authToken: process.env.LIBSQL_AUTH_TOKEN,
  },
});

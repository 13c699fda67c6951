/** The drizzle schema: one table per file (docs/product.md: each area lists its records). */
export * from "./admins";
export * from "./admin-sessions";
export * from "./login-throttle";
export * from "./students";
export * from "./fee-records";
export * from "./payments";
export * from "./results";
export * from "./result-publications";
export * from "./news";
export * from "./news-views";
export * from "./selection-subjects";
export * from "./teachers";
export * from "./selection-periods";
export * from "./student-selections";
export * from "./selection-attempts";
export * from "./audit-log";
export * from "./import-runs";

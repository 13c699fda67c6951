/** Cron dispatch by name (worker/crons.ts): wrangler.toml's triggers and the jobs agree, and a stranger runs nothing. */
import { describe, expect, it } from "vitest";
import { wranglerCrons } from "../../scripts/lib/local-cron";
import { CRON_JOBS, cronJob } from "../../worker/crons";

describe("cron jobs", () => {
  it("every trigger of wrangler.toml has its job, and every job its trigger", () => {
    expect(wranglerCrons().toSorted()).toEqual(Object.keys(CRON_JOBS).toSorted());
  });

  it("maps each expression to its job by name", () => {
    expect(cronJob("0 * * * *")).toBe("message-plan");
    expect(cronJob("*/10 * * * *")).toBe("payment-reconciliation");
    expect(cronJob("5 22 * * *")).toBe("academic-year-flip");
  });

  it("logs and refuses an expression it does not know, an inherited key included", () => {
    const lines: string[] = [];
    for (const cron of ["*/5 * * * *", "", "toString", "0 *  * * *"])
      expect(cronJob(cron, (l) => lines.push(l))).toBeNull();
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0]!)).toEqual({ msg: "unknown cron refused", cron: "*/5 * * * *" });
  });
});

/** `/api/fees` (contract "Fees", "Dashboard"). Admin only. Amounts in EGP. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { feeTotals, paidPercentage } from "../services/dashboard";
import { piastresToEgp } from "../money";
import { streamHandler } from "./events";

export const feesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/TotalFees", async (c) => {
    const { totalPiastres } = await feeTotals(c.get("db"));
    return c.json({ totalFees: piastresToEgp(totalPiastres) });
  })
  .get("/paid-percentage", async (c) => {
    const { totalPiastres, paidPiastres } = await feeTotals(c.get("db"));
    return c.json({ paidPercentage: paidPercentage(totalPiastres, paidPiastres) });
  })
  .get("/events/stream", streamHandler(["fees_changed", "students_changed", "news_updated"]))
  .get("/events", streamHandler(["fees_changed"]));

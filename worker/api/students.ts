/** `/api/students` (contract "Students", "Dashboard"). Admin only. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin } from "../middleware/auth";
import { activeStudentCount } from "../services/dashboard";
import { streamHandler } from "./events";

export const studentsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/active/count", async (c) => c.json({ activeStudents: await activeStudentCount(c.get("db")) }))
  .get("/events", streamHandler(["students_changed"]));

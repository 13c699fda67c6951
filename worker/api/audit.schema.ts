/** Audit-log query (issue: reliability, "Audit trail"). Imports only zod. */
import { z } from "zod";


export const auditQuerySchema = z.object({
  entity: z.string().trim().max(50).default(""),
  entity_id: z.string().trim().max(50).default(""),
  admin: z.string().trim().max(100).default(""),
  from: z.iso.date({ error: "from must be a date (YYYY-MM-DD)" }).or(z.literal("")).default(""),
  to: z.iso.date({ error: "to must be a date (YYYY-MM-DD)" }).or(z.literal("")).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

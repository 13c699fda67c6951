/**
 * A students sheet's guardian columns (docs/product.md#bulk-import, #guardians-and-messages): up to three guardians
 * as flat cells, `guardian_{1-3}_{name|relation|phone|language|whatsapp_consent}`, read into the student body's
 * `guardians` with the same rules as the student dialog (worker/contracts/guardians.ts). An error names the cell's
 * own field (`guardian_2_phone`), so the console points at that column. A row with no guardian cell at all leaves
 * the stored guardians as they are; a row with some replaces them whole, in slot order (empty slots skipped).
 * Imports only zod and dependency-free modules (shared with the console).
 */
import { z } from "zod";
import { reason } from "../reasons";
import { GUARDIAN_LANGUAGES, guardianInputSchema, phoneSchema, type GuardianInput } from "./guardians";

export const GUARDIAN_SLOTS = [1, 2, 3] as const;
/** The cells of one guardian, in the order the export and the template write them. */
export const GUARDIAN_CELLS = ["name", "relation", "phone", "language", "whatsapp_consent"] as const;
export type GuardianCell = (typeof GUARDIAN_CELLS)[number];

/** The field of guardian `n`'s `cell`: `guardianField(1, "phone")` → `"guardian_1_phone"`. */
export const guardianField = (n: number, cell: GuardianCell) => `guardian_${n}_${cell}`;

const shape = guardianInputSchema.shape;
const cellSchemas: Record<GuardianCell, z.ZodType> = {
  name: shape.full_name,
  relation: shape.relation,
  phone: phoneSchema,
  language: z.enum(GUARDIAN_LANGUAGES, { error: reason("UNKNOWN_VALUE", { field: "language" }) }),
  whatsapp_consent: z.boolean({ error: reason("NOT_BOOLEAN", { field: "whatsapp_consent" }) }),
};

/** The 15 optional guardian fields of an import row. */
export const guardianColumnsShape = Object.fromEntries(
  GUARDIAN_SLOTS.flatMap((n) => GUARDIAN_CELLS.map((c) => [guardianField(n, c), cellSchemas[c].optional()])),
) as Record<string, z.ZodOptional<z.ZodType>>;

/** Required cells of a slot that has any cell, with the reason a missing one gets. */
const REQUIRED_CELLS: Array<[GuardianCell, string]> = [
  ["name", reason("REQUIRED", { field: "full_name" })],
  ["relation", reason("REQUIRED", { field: "relation" })],
  ["phone", reason("PHONE_INVALID")],
];

const slotGiven = (row: Record<string, unknown>, n: number) =>
  GUARDIAN_CELLS.some((c) => row[guardianField(n, c)] !== undefined);

/** Issues for slots with some cells but not a name, relation or number (each on its own cell). */
export function checkGuardianCells(row: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const n of GUARDIAN_SLOTS) {
    if (!slotGiven(row, n)) continue;
    for (const [cell, message] of REQUIRED_CELLS)
      if (row[guardianField(n, cell)] === undefined)
        ctx.addIssue({ code: "custom", path: [guardianField(n, cell)], message });
  }
}

/**
 * The guardians of a parsed row's cells, and the row without them: `guardians` undefined when no guardian cell was
 * given (the stored ones are kept), else the given slots in order (language ar and consent false by default).
 */
export function guardiansFromCells<T extends Record<string, unknown>>(row: T) {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!/^guardian_[1-3]_/.test(k)) rest[k] = v;
  if (!GUARDIAN_SLOTS.some((n) => slotGiven(row, n))) return { rest, guardians: undefined };
  const guardians: GuardianInput[] = GUARDIAN_SLOTS.filter((n) => slotGiven(row, n)).map((n) => ({
    full_name: row[guardianField(n, "name")] as string,
    relation: row[guardianField(n, "relation")] as GuardianInput["relation"],
    phone: row[guardianField(n, "phone")] as string,
    language: (row[guardianField(n, "language")] as GuardianInput["language"] | undefined) ?? "ar",
    whatsapp_consent: (row[guardianField(n, "whatsapp_consent")] as boolean | undefined) ?? false,
  }));
  return { rest, guardians };
}

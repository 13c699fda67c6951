/**
 * A family's preferences (docs/product.md#family-accounts, "Preferences"): the language of its messages and WhatsApp
 * on or off, written on every guardian row of the number as the guardian's own consent (recorded by `guardian`, with
 * the time), and the message kinds it does not want (`family_preferences`; the planner skips them). A STOP reply
 * writes the same columns (opted out, consent off), so this page and the webhook always agree; switching WhatsApp on
 * here is giving consent again and clears the opt-out, as the office's form does.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { familyPreferences, studentGuardians } from "../../../db/schema";
import type { Db } from "../../db";
import { FAMILY_OPTIONAL_KINDS } from "../../contracts/family";
import type { z } from "zod";
import type { familyPreferencesInputSchema } from "../../contracts/family";

type Kind = (typeof FAMILY_OPTIONAL_KINDS)[number];

/** The muted kinds of each of `phones` (E.164), for the planner. */
export async function mutedKindsOf(db: Db, phones: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const unique = [...new Set(phones)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select()
      .from(familyPreferences)
      .where(inArray(familyPreferences.phone, unique.slice(i, i + 500)));
    for (const r of rows) out.set(r.phone, new Set(parseKinds(r.mutedKinds)));
  }
  return out;
}

const parseKinds = (json: string): string[] => {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
};

/** The preferences of `phone` as the page shows them (from its first guardian row). */
export async function getPreferences(db: Db, phone: string) {
  const [[g], [p]] = await db.batch([
    db.select().from(studentGuardians).where(eq(studentGuardians.phone, phone)).orderBy(studentGuardians.id).limit(1),
    db.select().from(familyPreferences).where(eq(familyPreferences.phone, phone)),
  ]);
  const muted = new Set(parseKinds(p?.mutedKinds ?? "[]"));
  return {
    language: g?.language ?? ("ar" as const),
    whatsapp: Boolean(g?.whatsappConsent) && !g?.optedOutAt,
    opted_out_at: g?.optedOutAt ?? null,
    consent_recorded_at: g?.consentRecordedAt ?? null,
    consent_recorded_by: g?.consentRecordedBy ?? null,
    kinds: Object.fromEntries(FAMILY_OPTIONAL_KINDS.map((k) => [k, !muted.has(k)])) as Record<Kind, boolean>,
  };
}

/** Writes what `input` changes, in one batch, and answers the preferences. */
export async function updatePreferences(
  db: Db,
  phone: string,
  input: z.output<typeof familyPreferencesInputSchema>,
  now: Date,
) {
  const at = now.toISOString();
  const before = await getPreferences(db, phone);
  const writes = [];
  if (input.language !== undefined)
    writes.push(
      db
        .update(studentGuardians)
        .set({ language: input.language, updatedAt: at })
        .where(eq(studentGuardians.phone, phone)),
    );
  if (input.whatsapp !== undefined && input.whatsapp !== before.whatsapp)
    writes.push(
      db
        .update(studentGuardians)
        .set({
          whatsappConsent: input.whatsapp,
          consentRecordedAt: at,
          consentRecordedBy: "guardian",
          ...(input.whatsapp ? { optedOutAt: null } : {}),
          updatedAt: at,
        })
        .where(eq(studentGuardians.phone, phone)),
    );
  if (input.kinds) {
    const kinds = { ...before.kinds, ...input.kinds };
    const muted = JSON.stringify(FAMILY_OPTIONAL_KINDS.filter((k) => !kinds[k]));
    writes.push(
      db
        .insert(familyPreferences)
        .values({ phone, mutedKinds: muted, updatedAt: at })
        .onConflictDoUpdate({
          target: familyPreferences.phone,
          set: { mutedKinds: sql`excluded.muted_kinds`, updatedAt: sql`excluded.updated_at` },
        }),
    );
  }
  if (writes.length) await db.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
  return getPreferences(db, phone);
}

/**
 * SQL pieces other lists share with the students list (docs/product.md#students, #global-search): the search over a
 * student's name, number and guardians' mobiles, and the grades' school order.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { studentGuardians, students } from "../../db/schema";
import { phoneSearchDigits } from "../lib/phone";
import { GRADES } from "../lib/school-grades";

/** `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` taken literally (used with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * "Contains" over a student's name and number; `search` is already folded (`foldSearchText`). The name side is
 * the stored `search_name` (the name folded the same way, kept by the database), so this is a plain scan: a
 * contains-search cannot use an index either way.
 */
export function studentSearchCondition(search: string): SQL {
  const p = containsPattern(search);
  const byName = sql`${students.searchName} LIKE ${p} ESCAPE '\\' OR lower(${students.studentNo}) LIKE ${p} ESCAPE '\\'`;
  // A guardian's mobile number (docs/product.md#global-search): typed with 0, +20 or 0020 and separators, stored E.164.
  const digits = /^[\d\s+()-]+$/.test(search) ? phoneSearchDigits(search) : "";
  if (digits.length < 6) return sql`(${byName})`;
  const phone = `%${digits}%`;
  return sql`(${byName} OR EXISTS (SELECT 1 FROM ${studentGuardians} WHERE ${studentGuardians.studentId} = ${students.id} AND ${studentGuardians.phone} LIKE ${phone}))`;
}

/** Grade order of the admin grade list (KG-1 … Private) for sorting; unknown grades last. */
export function gradeRankSql(column: AnyColumn): SQL {
  return sql`CASE ${column} ${sql.raw(GRADES.map((g, i) => `WHEN '${g}' THEN ${i}`).join(" "))} ELSE ${sql.raw(String(GRADES.length))} END`;
}

/**
 * Field-by-field comparison of an audit row's `before` and `after` snapshots (docs/product.md#audit-log: "Details
 * show changed fields before/after"). Snapshots come in two spellings: API-shaped records (snake_case) and database
 * rows (camelCase), sometimes one on each side of the same row (e.g. a news update), so field names are matched in
 * their snake_case form (`imageUrl` ↔ `image_url`). An array snapshot (a list of rows) becomes fields "1", "2", …;
 * a scalar becomes the field "value". Pure functions, no React.
 */

/**
 * How a field differs:
 * - `changed`: on both sides with different values;
 * - `added`: only in `after` (a created record, or a field the change introduced);
 * - `removed`: only in `before` while there is no `after` snapshot (a deleted record);
 * - `same`: on both sides, equal;
 * - `untouched`: only in `before`, while `after` records just the submitted fields (a partial update);
 * - `context`: only in `before`, when the two sides share no field at all (a payment: `before` is the balance,
 *   `after` the payment), so `before` is the state the change started from rather than a list of unchanged fields.
 */
export type FieldKind = "changed" | "added" | "removed" | "same" | "untouched" | "context";

/** One compared field. `key` is the snake_case name. */
export interface DiffField {
  key: string;
  kind: FieldKind;
  before: unknown;
  after: unknown;
  hasBefore: boolean;
  hasAfter: boolean;
}

/** The comparison: fields to show first (`changes`), the rest in `unchanged`; `hasBefore`/`hasAfter` per side. */
export interface SnapshotDiff {
  changes: DiffField[];
  unchanged: DiffField[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/** `totalPiastres` → `total_piastres`; snake_case stays as it is. */
export function snakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** True for money stored in integer piastres (1 EGP = 100 piastres), e.g. `paid_piastres` or `amountPiastres`. */
export function isPiastresKey(key: string): boolean {
  return /(^|_)piastres$/.test(snakeKey(key));
}

/** True for an amount already in EGP in API-shaped records (`total_amount`, `paid_amount`, `remaining`). */
export function isEgpKey(key: string): boolean {
  return !isPiastresKey(key) && /(^|_)(amount|remaining)$/.test(snakeKey(key));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A snapshot as named fields (snake_case keys, first spelling wins), or null when there is none. */
export function snapshotFields(value: unknown): Map<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const out = new Map<string, unknown>();
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.set(String(i + 1), v);
    });
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) if (!out.has(snakeKey(k))) out.set(snakeKey(k), v);
  } else {
    out.set("value", value);
  }
  return out;
}

/** JSON with object keys sorted, so equal records compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) =>
      isPlainObject(v)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, v[k]]),
          )
        : v,
    ) ?? "undefined"
  );
}

/** Compares two snapshots (see the module doc). Field order: `before`'s order, then fields new in `after`. */
export function diffSnapshots(before: unknown, after: unknown): SnapshotDiff {
  const b = snapshotFields(before);
  const a = snapshotFields(after);
  const keys = [...new Set([...(b?.keys() ?? []), ...(a?.keys() ?? [])])];
  const shared = keys.some((k) => b?.has(k) && a?.has(k));
  const changes: DiffField[] = [];
  const unchanged: DiffField[] = [];
  for (const key of keys) {
    const hasBefore = b?.has(key) ?? false;
    const hasAfter = a?.has(key) ?? false;
    const field = { key, before: b?.get(key), after: a?.get(key), hasBefore, hasAfter };
    let kind: FieldKind;
    if (hasBefore && hasAfter) kind = stableJson(field.before) === stableJson(field.after) ? "same" : "changed";
    else if (hasAfter) kind = "added";
    else kind = !a ? "removed" : shared ? "untouched" : "context";
    (kind === "same" || kind === "untouched" ? unchanged : changes).push({ ...field, kind });
  }
  return { changes, unchanged, hasBefore: b !== null, hasAfter: a !== null };
}

/**
 * The rule that splits a refund or void of a family's payment for several children over the children
 * (docs/decisions/0045-family-payment-parts.md "Refunds", docs/product.md#family-accounts), in plain numbers: the
 * definition the SQL of ./parts-refund.ts follows, for the property test and the notification of what moved.
 * Piastres throughout.
 */

/** A part (one child) as a refund finds it: what the success applied and made credit, and what refunds took since. */
export interface RefundPartState {
  applied: number;
  credit: number;
  takenApplied: number;
  takenCredit: number;
}

/** What one refund takes from one part: off its credit, and back from the child's accounts. */
export interface RefundPartTake {
  credit: number;
  applied: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The split of a refund of `amount` over `parts` (checkout order): first the parts' open credit, children in
 * checkout order; then what each part applied and no refund took back yet, children in reverse checkout order (last
 * child first). `left` > 0 when the parts cannot hold it all (the write refuses such a refund).
 */
export function splitFamilyRefund(
  parts: readonly RefundPartState[],
  amount: number,
): { takes: RefundPartTake[]; left: number } {
  const openCredit = parts.map((p) => p.credit - p.takenCredit);
  let credit = Math.min(amount, sum(openCredit));
  let applied = amount - credit;
  const takes = parts.map((_, i) => {
    const c = Math.max(0, Math.min(openCredit[i]!, credit));
    credit -= c;
    return { credit: c, applied: 0 };
  });
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i]!;
    const a = Math.max(0, Math.min(p.applied - p.takenApplied, applied));
    takes[i]!.applied = a;
    applied -= a;
  }
  return { takes, left: credit + applied };
}

/**
 * What taking back `take` piastres from a child's receipt lines `lines` (amounts, oldest year first, as written)
 * does per line, when earlier refunds took back `before` already: the newest line is undone first, never a line
 * beyond its amount. Same order as `lines`.
 */
export function undoNewestFirst(lines: readonly number[], before: number, take: number): number[] {
  const undone = (x: number, i: number) => Math.max(0, Math.min(lines[i]!, x - sum(lines.slice(i + 1))));
  return lines.map((_, i) => undone(before + take, i) - undone(before, i));
}

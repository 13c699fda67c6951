/**
 * The key a public limit or sign-in lock is counted under for one client (docs/decisions/0018): an IPv4 address as
 * it is, an IPv6 address by its /64 network, because one IPv6 subscriber is handed a whole /64 (often a /56) and can
 * change the last 64 bits at will. Dependency-free; used by the rate limits, the sign-in lock and the news views.
 * The public lookups also count an IPv6 client's /48 (`networkKey`): a subscriber with a /56 or /48 can move between
 * its /64s at will too (docs/decisions/0007).
 */

/** Expands an IPv6 text to 8 numbers, or null when it is not an IPv6 address. Accepts `::`, a zone and an IPv4 tail. */
function ipv6Groups(text: string): number[] | null {
  let s = text.replace(/%.*$/, "");
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    s = `${s.slice(0, v4.index)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const part = (h: string) => (h === "" ? [] : h.split(":"));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * `CF-Connecting-IP` → the client key: `"203.0.113.7"` stays as it is; `"2001:db8:1:2:aaaa::1"` →
 * `"2001:db8:1:2::/64"`; an IPv4-mapped IPv6 (`::ffff:203.0.113.7`) → the IPv4; anything unreadable → its lower-cased
 * text (never an error: a limit must still count it); missing → `"unknown"`.
 */
export function clientKey(address: string | null | undefined): string {
  const text = (address ?? "")
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  if (!text) return "unknown";
  if (!text.includes(":")) return text;
  const g = ipv6Groups(text);
  if (!g) return text;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join(".");
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}

/**
 * `CF-Connecting-IP` → the key of the IPv6 /48 it belongs to (`"2001:db8:1:2::1"` → `"2001:db8:1::/48"`), or null
 * for an IPv4 address (also an IPv4-mapped IPv6), a missing or an unreadable one: those have only their client key.
 */
export function networkKey(address: string | null | undefined): string | null {
  const text = (address ?? "")
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  const g = text.includes(":") ? ipv6Groups(text) : null;
  if (!g || (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)) return null;
  return `${g
    .slice(0, 3)
    .map((x) => x.toString(16))
    .join(":")}::/48`;
}

/** The client key of the public limits and the sign-in lock: IPv4 as is, IPv6 by its /64. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clientKey, networkKey } from "../../worker/lib/client-address";

describe("clientKey", () => {
  it("keeps an IPv4 address and keys IPv6 by its /64 in every spelling", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("[2001:db8:1:2::ffff]")).toBe("2001:db8:1:2::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("separates neighbouring /64 networks and never fails on garbage", () => {
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("")).toBe("unknown");
    expect(clientKey("1:2:3")).toBe("1:2:3");
    expect(clientKey("1::2::3")).toBe("1::2::3");
  });

  it("gives every address of one /64 the same key (property)", () => {
    const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(
        fc.array(hextet, { minLength: 8, maxLength: 8 }),
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        (a, tail) => {
          const other = [...a.slice(0, 4), ...tail];
          const mapped = (g: string[]) => g.slice(0, 6).join(":") === "0:0:0:0:0:ffff";
          fc.pre(!mapped(a) && !mapped(other));
          expect(clientKey(a.join(":"))).toBe(clientKey(other.join(":")));
          expect(clientKey(a.join(":"))).toMatch(/::\/64$/);
        },
      ),
    );
  });
});

describe("networkKey", () => {
  it("gives an IPv6 address its /48 and IPv4 (mapped too), missing or unreadable addresses none", () => {
    expect(networkKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1::/48");
    expect(networkKey("2001:0DB8:0001:ffff::1")).toBe("2001:db8:1::/48");
    expect(networkKey("[2001:db8:1:2::ffff]")).toBe("2001:db8:1::/48");
    expect(networkKey("2001:db8:2::1")).not.toBe(networkKey("2001:db8:1::1"));
    for (const none of ["203.0.113.7", "::ffff:203.0.113.7", "", undefined, null, "1::2::3"])
      expect(networkKey(none), String(none)).toBeNull();
  });
});

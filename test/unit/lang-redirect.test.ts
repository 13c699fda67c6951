/** POST /lang goes back only to a path on this site: an open redirect would send a parent off-site from our domain. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { action, sameOriginPath } from "../../web/routes/lang";

const SITE = "https://school.example/lang";

async function post(redirectTo: string) {
  const body = new URLSearchParams({ lang: "en", scope: "public", redirectTo });
  const res = (await action({ request: new Request(SITE, { method: "POST", body }) } as never)) as Response;
  return res.headers.get("Location");
}

describe("POST /lang redirectTo", () => {
  it("refuses off-site targets, including /\\127.0.0.1:9/x", async () => {
    for (const bad of [
      "/\\127.0.0.1:9/x",
      "//evil.test/x",
      "/\\/evil.test",
      "https://evil.test/",
      "/\t/evil.test",
      "\\\\evil.test",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
      "/.//evil.test/x",
      "/a/..//evil.test",
      "/%2e//evil.test",
    ]) {
      const location = await post(bad);
      expect(new URL(location!, SITE).origin, bad).toBe("https://school.example");
      expect(location, bad).not.toMatch(/^[/\\]{2}/);
    }
    expect(await post("/\\127.0.0.1:9/x")).toBe("/");
  });

  it("keeps a same-site path with its query and fragment", async () => {
    expect(await post("/results?x=1#top")).toBe("/results?x=1#top");
    expect(await post("/admin/dashboard/fees")).toBe("/admin/dashboard/fees");
  });

  it("never answers another origin, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("/", "\\", ".", "..", "%2e", ":", "a", "1", "@", "%", "\t", "\n", "?", "#", " "),
        }),
        (s) => {
          const path = sameOriginPath(s, SITE);
          expect(path.startsWith("/")).toBe(true);
          expect(path).not.toMatch(/^[/\\]{2}/);
          expect(new URL(path, SITE).origin).toBe("https://school.example");
        },
      ),
    );
  });
});

/**
 * `permissionFor` (worker/route-permission.ts): a path parameter picks the permission from the route's map, and any
 * other value needs the map's first. The fuzz test once posted to /api/admin/import/constructor and got a 500: the
 * value found Object's own `constructor` in the map.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { permissionFor } from "../../worker/route-permission";

const need = { param: "kind", by: { students: "students.write", fees: "fees.write" } } as const;

describe("permissionFor", () => {
  it("picks the listed value's permission", () => {
    expect(permissionFor(need, { kind: "fees" })).toBe("fees.write");
    expect(permissionFor("news.manage", {})).toBe("news.manage");
  });

  it("asks the first permission for Object's member names and every other unlisted value", () => {
    for (const kind of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "", undefined])
      expect(permissionFor(need, { kind })).toBe("students.write");
    fc.assert(
      fc.property(fc.string(), (kind) => {
        const p = permissionFor(need, { kind });
        expect(p).toBe(kind === "fees" ? "fees.write" : "students.write");
      }),
    );
  });
});

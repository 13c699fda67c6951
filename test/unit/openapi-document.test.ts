/** The finishing pass over the API document (worker/openapi-document.ts; docs/product.md#api-document). */
import { describe, expect, it } from "vitest";
import {
  ambiguousOperations,
  finishDocument,
  type MiddlewareAnswer,
  type Operation,
  operationIdOf,
} from "../../worker/openapi-document";

const op = (over: Partial<Operation> = {}): Operation => ({ responses: { 200: { description: "ok" } }, ...over });
const bodyOnly: MiddlewareAnswer = { status: 413, describe: ({ method }) => (method === "get" ? null : "too big") };

describe("finishDocument", () => {
  it("names operations by method and path, keeping a route's own name", () => {
    expect(operationIdOf("put", "/api/fees/{student_no}")).toBe("putFeesByStudentNo");
    expect(operationIdOf("get", "/api/fees/paid-percentage")).toBe("getFeesPaidPercentage");
    expect(operationIdOf("get", "/health")).toBe("getHealth");
    const doc = finishDocument({ paths: { "/api/x": { get: op({ operationId: "mine" }), post: op() } } }, []);
    expect(doc.paths["/api/x"]!.get!.operationId).toBe("mine");
    expect(doc.paths["/api/x"]!.post!.operationId).toBe("postX");
  });

  it("adds the derived answers: 400 with parameters, 401 with security, middleware where it applies, 500 and 503", () => {
    const secured = op({ security: [{ bearer: [] }], parameters: [{ name: "id", in: "path" }] });
    const doc = finishDocument({ paths: { "/api/a/{id}": { put: secured }, "/api/b": { get: op() } } }, [bodyOnly]);
    const put = doc.paths["/api/a/{id}"]!.put!;
    expect(Object.keys(put.responses!)).toEqual(["200", "400", "401", "413", "414", "500", "503"]);
    expect(put.responses!["503"]!.headers).toHaveProperty("Retry-After");
    const get = doc.paths["/api/b"]!.get!;
    expect(Object.keys(get.responses!)).toEqual(["200", "414", "500", "503"]);
    expect(get.security).toEqual([]);
  });

  it("names both causes of a middleware status the route lists itself", () => {
    const own = op({ responses: { 413: { description: "Too many rows" } } });
    const doc = finishDocument({ paths: { "/api/i": { post: own } } }, [bodyOnly]);
    expect(doc.paths["/api/i"]!.post!.responses!["413"]!.description).toBe(
      "Too many rows (the route's own reasons), or too big",
    );
  });

  it("lists a deprecated path of the same shape under the current one, its parameter renamed", () => {
    const grade = op({ deprecated: true, parameters: [{ name: "grade", in: "path", description: "A grade" }] });
    const paths: Record<string, Record<string, Operation>> = {
      "/api/s/{id}": { put: op() },
      "/api/s/{grade}": { get: grade },
    };
    const doc = finishDocument({ paths }, []);
    expect(Object.keys(doc.paths)).toEqual(["/api/s/{id}"]);
    const moved = doc.paths["/api/s/{id}"]!.get!;
    expect(moved.operationId).toBe("getSByGrade");
    expect(moved.parameters![0]).toMatchObject({ name: "id", description: expect.stringContaining("`grade`") });
  });

  it("refuses two current paths of one shape", () => {
    const paths = { "/api/s/{id}": { put: op() }, "/api/s/{no}": { delete: op() } };
    expect(() => finishDocument({ paths }, [])).toThrow(/differ only by parameter names/);
  });

  it("lists identical anyOf branches once, and a union of one shape as that shape", () => {
    const date = { type: "string", format: "date-time" };
    const schema = { properties: { a: { anyOf: [date, date] }, b: { anyOf: [date, { type: "null" }, date] } } };
    const body = { content: { "application/json": { schema } } };
    finishDocument({ paths: { "/api/p": { post: op({ requestBody: body }) } } }, []);
    expect(schema.properties.a).toEqual(date);
    expect(schema.properties.b).toEqual({ anyOf: [date, { type: "null" }] });
  });
});

describe("ambiguousOperations", () => {
  const digits = [{ name: "id", in: "path", schema: { type: "string", pattern: "^[1-9]\\d*$" } }];
  it("names two operations of one method whose paths match one URL, unless a parameter's pattern rules it out", () => {
    const paths = {
      "/api/s/{id}": { get: op({ parameters: digits }), put: op() },
      "/api/s/events": { get: op() },
      "/api/s/{grade}": { delete: op() },
      "/api/t/{no}": { get: op() },
      "/api/t/events": { get: op(), delete: op() },
    };
    expect(ambiguousOperations({ paths })).toEqual(["GET /api/t/{no} | GET /api/t/events"]);
  });
});

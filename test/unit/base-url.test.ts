/**
 * Base-URL override helpers (docs/product.md#base-url-override): validity, stored form, /health outcomes, storage
 * failures.
 */
import { describe, expect, it } from "vitest";
import {
  checkHealth,
  healthUrl,
  isValidBaseUrl,
  normalizeBaseUrl,
  parseBaseUrlForm,
  readOverride,
  removeOverride,
  writeOverride,
  type KeyValueStore,
} from "../../web/features/base-url/public/base-url";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const refusingStore: KeyValueStore = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new DOMException("quota", "QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

describe("isValidBaseUrl", () => {
  it.each([
    "http://127.0.0.1:8787",
    "https://school.example.com",
    "https://api.example.com/v1/",
    "  http://localhost:3000  ",
    "HTTPS://EXAMPLE.COM",
  ])("accepts %s", (url) => expect(isValidBaseUrl(url)).toBe(true));
  it.each([
    "",
    "   ",
    "example.com",
    "localhost:3000",
    "ftp://example.com",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "http://",
    "https//x.com",
    "data:text/plain,hi",
  ])("refuses %j", (url) => expect(isValidBaseUrl(url)).toBe(false));
});

describe("normalizeBaseUrl / healthUrl", () => {
  it("trims and drops trailing slashes so paths join cleanly", () => {
    expect(normalizeBaseUrl("  https://x.example.com///  ")).toBe("https://x.example.com");
    expect(normalizeBaseUrl("https://x.example.com/api/")).toBe("https://x.example.com/api");
    expect(healthUrl("http://127.0.0.1:8787/")).toBe("http://127.0.0.1:8787/health");
  });
});

describe("parseBaseUrlForm", () => {
  it("outputs the stored form for a valid URL", () => {
    expect(parseBaseUrlForm(" https://x.example.com/ ")).toEqual({ ok: true, baseUrl: "https://x.example.com" });
  });
  it("refuses an invalid URL with the i18n key of the save message", () => {
    expect(parseBaseUrlForm("not a url")).toEqual({ ok: false, message: "baseUrl.errors.invalidSave" });
    expect(parseBaseUrlForm("")).toEqual({ ok: false, message: "baseUrl.errors.invalidSave" });
  });
});

describe("checkHealth", () => {
  const respond =
    (status: number): typeof fetch =>
    async () =>
      new Response("{}", { status });

  it("calls {base}/health without caching", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const f: typeof fetch = async (input, init) => {
      calls.push([String(input), init]);
      return new Response("{}", { status: 200 });
    };
    expect(await checkHealth("https://x.example.com/", f)).toEqual({ kind: "ok", status: 200 });
    expect(calls[0]?.[0]).toBe("https://x.example.com/health");
    expect(calls[0]?.[1]?.cache).toBe("no-store");
  });
  it("reports another status as such", async () => {
    expect(await checkHealth("https://x.example.com", respond(503))).toEqual({ kind: "status", status: 503 });
    expect(await checkHealth("https://x.example.com", respond(404))).toEqual({ kind: "status", status: 404 });
  });
  it("reports a network failure as unreachable", async () => {
    const f: typeof fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await checkHealth("https://x.example.com", f)).toEqual({ kind: "unreachable" });
  });
  it("gives up after the timeout", async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    expect(await checkHealth("https://x.example.com", hang, 20)).toEqual({ kind: "unreachable" });
  });
});

describe("override storage", () => {
  it("writes the normalised URL, reads it back and removes it", () => {
    const store = memoryStore();
    expect(readOverride(store, "customBaseUrl")).toBeNull();
    expect(writeOverride(store, "customBaseUrl", " https://x.example.com/ ")).toBe(true);
    expect(store.data.get("customBaseUrl")).toBe("https://x.example.com");
    expect(readOverride(store, "customBaseUrl")).toBe("https://x.example.com");
    expect(removeOverride(store, "customBaseUrl")).toBe(true);
    expect(readOverride(store, "customBaseUrl")).toBeNull();
  });
  it("reports a refusing browser storage instead of throwing", () => {
    expect(writeOverride(refusingStore, "customBaseUrl", "https://x.example.com")).toBe(false);
    expect(removeOverride(refusingStore, "customBaseUrl")).toBe(false);
    expect(readOverride(refusingStore, "customBaseUrl")).toBeNull();
  });
});

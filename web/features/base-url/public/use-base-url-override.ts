/**
 * The stored backend-address override as React state (docs/product.md#base-url-override), for every screen that
 * shows it: the /base-url-config page, the admin login page and the admin header. Browser-only: `ready` is false
 * on the server and until the first effect has read localStorage. Changes made in this tab (save, reset) and in
 * other tabs (`storage` events) reach every mounted user.
 */
import { useCallback, useEffect, useState } from "react";
import { BASE_URL_KEY } from "~/lib/api";
import { readOverride, removeOverride, writeOverride } from "./base-url";

/** Fired on `window` after this tab changed the override. */
const CHANGED = "base-url-override-changed";

export interface BaseUrlOverride {
  /** False until the stored value has been read (server render, first paint). */
  ready: boolean;
  /** This page's origin (the default backend), "" until ready. */
  origin: string;
  /** The stored override, or null when the console talks to its own origin. */
  stored: string | null;
  /** Stores `url` (normalised); false when the browser refuses storage. */
  save: (url: string) => boolean;
  /** Removes the override: the console talks to its own origin again. */
  reset: () => void;
}

const read = () => ({
  ready: true,
  origin: window.location.origin,
  stored: readOverride(window.localStorage, BASE_URL_KEY),
});

/** See the module doc. */
export function useBaseUrlOverride(): BaseUrlOverride {
  const [state, setState] = useState<{ ready: boolean; origin: string; stored: string | null }>({
    ready: false,
    origin: "",
    stored: null,
  });
  useEffect(() => {
    const refresh = () => setState(read());
    refresh();
    const onStorage = (e: StorageEvent) => (e.key === null || e.key === BASE_URL_KEY) && refresh();
    window.addEventListener(CHANGED, refresh);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(CHANGED, refresh);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  const save = useCallback((url: string) => {
    if (!writeOverride(window.localStorage, BASE_URL_KEY, url)) return false;
    window.dispatchEvent(new Event(CHANGED));
    return true;
  }, []);
  const reset = useCallback(() => {
    removeOverride(window.localStorage, BASE_URL_KEY);
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return { ...state, save, reset };
}

/** Tells every Radix primitive below the reading direction of the current i18n language (menus, selects, sheets). */
import * as React from "react";
import { Direction } from "radix-ui";
import { useTranslation } from "react-i18next";

/** Wraps children in Radix's DirectionProvider with "rtl" for Arabic, "ltr" otherwise. */
export function DirectionProvider({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const dir = i18n.language?.startsWith("ar") ? "rtl" : "ltr";
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}

/**
 * A line under the national-ID lookups (`/results`, `/pay`) pointing a family to its account
 * (docs/product.md#family-accounts): every child in one place with one code, instead of an ID per child.
 */
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** `page`: which lookup it sits under (its words differ: results, or paying for several children). */
export function FamilyHint({ page }: { page: "results" | "pay" }) {
  const { t } = useTranslation();
  // The page's own namespace: a public page is sent its own dictionary only (web/i18n/resources.server.ts).
  const ns = page === "results" ? "publicResults" : "pay";
  return (
    <p className="mt-4 flex items-start gap-2 text-sm leading-relaxed text-muted-foreground print:hidden">
      <Users className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {t(`${ns}.familyHint.text`)}{" "}
        <Link to="/family" className="font-semibold text-primary underline underline-offset-4 hover:no-underline">
          {t(`${ns}.familyHint.link`)}
        </Link>
      </span>
    </p>
  );
}

/** /admin/print/report-cards/:resultId[?lang=en] — one student's report card for one term (docs/product.md#printing). */
import type { Route } from "./+types/report-card";
import { reportCard } from "@worker/services/print";
import { getSettings } from "@worker/services/settings";
import { PrintDocument } from "~/features/print/print-document";
import { resultIdOf } from "~/features/print/print-query";
import { printResponse } from "~/features/print/print-response.server";
import { ReportCardSheet } from "~/features/print/report-card";

export function loader(args: Route.LoaderArgs) {
  return printResponse(args, "print.report_cards", async ({ db, loc, url, nonce }) => {
    // The school's rule for absent subjects decides the card's total (docs/product.md#results).
    const [card, settings] = await Promise.all([reportCard(db, resultIdOf(args.params.resultId)), getSettings(db)]);
    return (
      <PrintDocument
        loc={loc}
        title={`${loc.t.reportCard.title}${loc.sep}${card.result.full_name}`}
        paper="a4"
        url={url}
        nonce={nonce}
      >
        <ReportCardSheet loc={loc} card={card} absentRule={settings.results_absent_rule} />
      </PrintDocument>
    );
  });
}

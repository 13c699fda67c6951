/**
 * /admin/print/report-cards?grade=&academic_year_name=&semester=[&include_drafts=1][&lang=en] — a grade's report
 * cards for one term in one document (docs/product.md#printing): a cover "n report cards", then one A4 sheet per
 * student sorted by name; only a published term unless drafts are included (each page then marked "draft").
 */
import type { Route } from "./+types/report-cards";
import { reportCardBatch } from "@worker/services/print";
import { getSettings } from "@worker/services/settings";
import { PrintDocument, withParams } from "~/features/print/print-document";
import { batchQuery } from "~/features/print/print-query";
import { printResponse } from "~/features/print/print-response.server";
import { BatchCover, ReportCardSheet } from "~/features/print/report-card";

export function loader(args: Route.LoaderArgs) {
  return printResponse(args, "print.report_cards", async ({ db, admin, loc, url, nonce, now }) => {
    const [batch, settings] = await Promise.all([reportCardBatch(db, batchQuery(url)), getSettings(db)]);
    const title = `${loc.t.batch.title}${loc.sep}${loc.cardCount(batch.cards.length)}`;
    return (
      <PrintDocument loc={loc} title={title} paper="a4" url={url} nonce={nonce}>
        <BatchCover
          loc={loc}
          batch={batch}
          issuedAt={now}
          issuedBy={admin.displayName}
          withDraftsHref={withParams(url, { include_drafts: "1" })}
        />
        {batch.cards.map((card) => (
          <ReportCardSheet key={card.result.id} loc={loc} card={card} absentRule={settings.results_absent_rule} />
        ))}
      </PrintDocument>
    );
  });
}

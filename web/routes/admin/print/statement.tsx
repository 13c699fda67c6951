/** /admin/print/statements/:studentNo[?lang=en] — a student's fee statement (docs/product.md#printing). */
import type { Route } from "./+types/statement";
import { statement } from "@worker/services/print";
import { PrintDocument } from "~/features/print/print-document";
import { pathId } from "~/features/print/print-query";
import { printResponse } from "~/features/print/print-response.server";
import { StatementSheet } from "~/features/print/statement";

export function loader(args: Route.LoaderArgs) {
  return printResponse(args, "print.statements", async ({ db, loc, url, nonce, now }) => {
    const { fee, takenBy, credits } = await statement(db, pathId(args.params.studentNo));
    return (
      <PrintDocument
        loc={loc}
        title={`${loc.t.statement.title}${loc.sep}${fee.full_name}`}
        paper="a4"
        url={url}
        nonce={nonce}
      >
        <StatementSheet loc={loc} fee={fee} takenBy={takenBy} credits={credits} issuedAt={now} />
      </PrintDocument>
    );
  });
}

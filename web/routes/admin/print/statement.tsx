/** /admin/print/statements/:studentNo[?lang=en] — a student's fee statement (docs/product.md#printing). */
import type { Route } from "./+types/statement";
import { statement } from "@worker/services/print-statement";
import { PrintDocument } from "~/features/print/print-document";
import { pathId } from "~/features/print/print-query";
import { printResponse } from "~/features/print/print-response.server";
import { StatementSheet } from "~/features/print/statement";

export function loader(args: Route.LoaderArgs) {
  return printResponse(args, "print.statements", async ({ db, loc, url, nonce, now }) => {
    const data = await statement(db, pathId(args.params.studentNo), new Date(now));
    const name = data.accounts[0]!.full_name;
    return (
      <PrintDocument loc={loc} title={`${loc.t.statement.title}${loc.sep}${name}`} paper="a4" url={url} nonce={nonce}>
        <StatementSheet loc={loc} data={data} issuedAt={now} />
      </PrintDocument>
    );
  });
}

/**
 * A printed fee statement per student (docs/product.md#printing, #fees): the totals and status, the payment plan's
 * instalments when the record carries them (docs/product.md#fee-plans), then every payment and adjustment with its
 * receipt number, date, who took it and the balance after it. A4 portrait.
 */
import type { PlannedFee } from "@worker/services/print";
import { Id, Letterhead, StudentFacts } from "./print-document";
import type { PrintLocale } from "./print-format";

/** The statement sheet. */
export function StatementSheet({
  loc,
  fee,
  takenBy,
  issuedAt,
}: {
  loc: PrintLocale;
  fee: PlannedFee;
  takenBy: Map<number, string>;
  issuedAt: string;
}) {
  const t = loc.t.statement;
  const instalments = fee.instalments ?? [];
  let balance = fee.total_amount;
  const rows = fee.payments.map((p) => {
    // Running balance in piastres, so 0.1 + 0.2 style drift never reaches the page.
    balance = Math.round(balance * 100 - p.amount * 100) / 100;
    return { p, balance };
  });
  return (
    <section className="sheet" data-statement={fee.student_no}>
      <Letterhead loc={loc} title={t.title} end={<span className="muted">{loc.dateTime(issuedAt)}</span>} />
      <dl className="facts two">
        <StudentFacts loc={loc} labels={t} name={fee.full_name} no={fee.student_no} grade={fee.grade} />
        <dt>{t.status}</dt>
        <dd>{t.statuses[fee.status]}</dd>
        <dt>{t.total}</dt>
        <dd>{loc.egp(fee.total_amount)}</dd>
        <dt>{t.paid}</dt>
        <dd>{loc.egp(fee.paid_amount)}</dd>
        <dt>{t.balance}</dt>
        <dd data-balance="">{loc.egp(fee.remaining)}</dd>
        {typeof fee.overdue_amount === "number" && fee.overdue_amount > 0 && (
          <>
            <dt>{t.overdue}</dt>
            <dd>{loc.egp(fee.overdue_amount)}</dd>
          </>
        )}
      </dl>
      {instalments.length > 0 && (
        <table className="block" data-plan="">
          <caption style={{ textAlign: "start", fontWeight: 700 }}>{t.plan}</caption>
          <thead>
            <tr>
              <th>{t.line}</th>
              <th className="n">{t.instalment}</th>
              <th className="n">{t.dueDate}</th>
              <th className="n">{t.amount}</th>
              <th className="n">{t.instalmentPaid}</th>
              <th className="n">{t.instalmentRemaining}</th>
            </tr>
          </thead>
          <tbody>
            {instalments.map((i) => (
              <tr key={`${i.line ?? ""}-${i.no}`}>
                <td>
                  <bdi>{loc.line(i.line, i.line_en)}</bdi>
                </td>
                <td className="n">{loc.num(i.no)}</td>
                <td className="n">{loc.date(i.due_date)}</td>
                <td className="n">{loc.egp(i.amount)}</td>
                <td className="n">{i.paid === undefined ? "" : loc.egp(i.paid)}</td>
                <td className="n">{i.remaining === undefined ? "" : loc.egp(i.remaining)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="block" style={{ fontSize: "1.1em" }}>
        {t.payments}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t.noPayments}</p>
      ) : (
        <table data-payments="" className="small">
          <thead>
            <tr>
              <th>{t.receiptNo}</th>
              <th className="n">{t.date}</th>
              <th className="n">{t.kind}</th>
              <th className="n">{t.amount}</th>
              <th className="n">{t.runningBalance}</th>
              <th>{t.takenBy}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ p, balance: after }) => (
              <tr key={p.id}>
                <td>
                  <Id>{p.receipt_no}</Id>
                </td>
                <td className="n">{loc.shortDateTime(p.paid_at)}</td>
                <td className="n">{t.kinds[p.kind]}</td>
                <td className="n">{loc.egp(p.amount)}</td>
                <td className="n">{loc.egp(after)}</td>
                <td>
                  <bdi>{takenBy.get(p.id) ?? ""}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>{t.paid}</td>
              <td className="n">{loc.egp(fee.paid_amount)}</td>
              <td className="n">{loc.egp(fee.remaining)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

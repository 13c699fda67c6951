/**
 * A printed fee statement per student across years (docs/product.md#printing, #fees): what is owed on every year's
 * account together (and overdue, and the credit owed back), then a section per year's account, the arrears (past
 * years still owing) first, then the current year, then the other years: its status and totals, the payment plan's
 * instalments when the account carries them (docs/product.md#fee-plans), every payment and adjustment with its
 * receipt number, date, source, who took it (display name, or the online system) and the balance after it; then
 * every online payment that brought in more than was owed: received, applied, credit, and whether it is refunded.
 * A4 portrait.
 */
import type { PlannedFee } from "@worker/services/print";
import type { StatementCredit, StatementData } from "@worker/services/print-statement";
import { Id, Letterhead, StudentFacts } from "./print-document";
import type { PrintLocale } from "./print-format";

/** The credits of online payments: still to refund, refunded, or partly (docs/product.md#online-payments). */
function CreditsTable({ loc, credits }: { loc: PrintLocale; credits: StatementCredit[] }) {
  const t = loc.t.statement;
  const status = (c: StatementCredit) =>
    c.open <= 0
      ? t.refundedAll
      : c.refunded <= 0
        ? t.toRefund
        : t.partlyRefunded.replace("{{amount}}", loc.egp(c.open));
  return (
    <table data-credits="" className="small block">
      <caption style={{ textAlign: "start", fontWeight: 700 }}>{t.credits}</caption>
      <thead>
        <tr>
          <th>{t.order}</th>
          <th>{t.receiptNo}</th>
          <th className="n">{t.date}</th>
          <th className="n">{t.received}</th>
          <th className="n">{t.applied}</th>
          <th className="n">{t.credit}</th>
          <th className="n">{t.refunded}</th>
          <th className="n">{t.creditStatus}</th>
        </tr>
      </thead>
      <tbody>
        {credits.map((c) => (
          <tr key={c.orderId} data-credit-order={c.orderId}>
            <td>
              <Id>{c.orderId}</Id>
            </td>
            <td>{c.receiptNo ? <Id>{c.receiptNo}</Id> : t.creditOnly}</td>
            <td className="n nowrap">{loc.shortDateTime(c.at)}</td>
            <td className="n">{loc.egp(c.received)}</td>
            <td className="n">{loc.egp(c.applied)}</td>
            <td className="n">{loc.egp(c.credit)}</td>
            <td className="n">{c.refunded > 0 ? loc.egp(c.refunded) : "—"}</td>
            <td className="n nowrap">{status(c)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The payment plan's instalments: line, number, due date, amount, paid, remaining. */
function PlanTable({ loc, instalments }: { loc: PrintLocale; instalments: NonNullable<PlannedFee["instalments"]> }) {
  const t = loc.t.statement;
  return (
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
  );
}

/** Where an account stands against the current year: the arrears, the current year, a settled past year, ahead. */
type YearTag = "arrears" | "current" | "past" | "upcoming";

function tagOf(fee: PlannedFee, currentYear: string): YearTag {
  if (fee.academic_year_name === currentYear) return "current";
  if (fee.academic_year_name > currentYear) return "upcoming";
  return fee.remaining > 0 ? "arrears" : "past";
}

/** One year's account: its heading, status and totals, the plan, and its payments. */
function YearAccount({
  loc,
  fee,
  tag,
  takenBy,
}: {
  loc: PrintLocale;
  fee: PlannedFee;
  tag: YearTag;
  takenBy: Map<number, string>;
}) {
  const t = loc.t.statement;
  const instalments = fee.instalments ?? [];
  return (
    <section className="year" data-statement-year={fee.academic_year_name} data-year-tag={tag}>
      <header className="year-head">
        <h2>
          {t.yearTitle.replace("{{year}}", loc.year(fee.academic_year_name))}
          <span className={`tag ${tag}`}>{t.yearTags[tag]}</span>
        </h2>
        <dl className="facts two">
          <dt>{t.grade}</dt>
          <dd>{loc.grade(fee.grade)}</dd>
          <dt>{t.status}</dt>
          <dd>{t.statuses[fee.status]}</dd>
          <dt>{t.total}</dt>
          <dd>{loc.egp(fee.total_amount)}</dd>
          <dt>{t.paid}</dt>
          <dd>{loc.egp(fee.paid_amount)}</dd>
          <dt>{t.balance}</dt>
          <dd data-year-balance="">{loc.egp(fee.remaining)}</dd>
          {typeof fee.overdue_amount === "number" && fee.overdue_amount > 0 && (
            <>
              <dt>{t.overdue}</dt>
              <dd>{loc.egp(fee.overdue_amount)}</dd>
            </>
          )}
        </dl>
      </header>
      {instalments.length > 0 && <PlanTable loc={loc} instalments={instalments} />}
      {fee.payments.length === 0 ? (
        <p className="muted">{t.noPayments}</p>
      ) : (
        <PaymentsTable {...{ loc, fee, takenBy }} />
      )}
    </section>
  );
}

/** The statement sheet: `data` from the statement service, `issuedAt` an instant (ISO UTC). */
export function StatementSheet({ loc, data, issuedAt }: { loc: PrintLocale; data: StatementData; issuedAt: string }) {
  const t = loc.t.statement;
  const { accounts, currentYear, credits, takenBy } = data;
  // The student as the current year's account names them (else the newest account's).
  const head = accounts.find((a) => a.academic_year_name === currentYear) ?? accounts[accounts.length - 1]!;
  const openCredit = credits.reduce((s, c) => s + Math.round(c.open * 100), 0) / 100;
  return (
    <section className="sheet" data-statement={head.student_no}>
      <Letterhead loc={loc} title={t.title} end={<span className="muted">{loc.dateTime(issuedAt)}</span>} />
      <dl className="facts two">
        <StudentFacts loc={loc} labels={t} name={head.full_name} no={head.student_no} grade={head.grade} />
        <dt>{t.totalOwed}</dt>
        <dd data-balance="">{loc.egp(data.owed)}</dd>
        {data.overdue > 0 && (
          <>
            <dt>{t.overdue}</dt>
            <dd data-overdue="">{loc.egp(data.overdue)}</dd>
          </>
        )}
        {openCredit > 0 && (
          <>
            <dt>{t.openCredit}</dt>
            <dd data-open-credit="">{loc.egp(openCredit)}</dd>
          </>
        )}
      </dl>
      {accounts.map((fee) => (
        <YearAccount key={fee.id} loc={loc} fee={fee} tag={tagOf(fee, currentYear)} takenBy={takenBy} />
      ))}
      {credits.length > 0 && <CreditsTable loc={loc} credits={credits} />}
    </section>
  );
}

/** Every payment and adjustment, oldest first, with its source and the running balance. */
function PaymentsTable({ loc, fee, takenBy }: { loc: PrintLocale; fee: PlannedFee; takenBy: Map<number, string> }) {
  const t = loc.t.statement;
  let balance = fee.total_amount;
  const rows = fee.payments.map((p) => {
    // Running balance in piastres, so 0.1 + 0.2 style drift never reaches the page.
    balance = Math.round(balance * 100 - p.amount * 100) / 100;
    return { p, balance };
  });
  return (
    <table data-payments="" className="small">
      <caption style={{ textAlign: "start", fontWeight: 700 }}>{t.payments}</caption>
      <thead>
        <tr>
          <th>{t.receiptNo}</th>
          <th className="n">{t.date}</th>
          <th className="n">{t.kind}</th>
          <th className="n">{t.source}</th>
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
            <td className="n" data-row-source={p.source}>
              {t.sources[p.source]}
            </td>
            <td className="n">{loc.egp(p.amount)}</td>
            <td className="n">{loc.egp(after)}</td>
            <td>
              <bdi>{p.source === "online" ? loc.t.onlineActor : (takenBy.get(p.id) ?? "")}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4}>{t.paid}</td>
          <td className="n">{loc.egp(fee.paid_amount)}</td>
          <td className="n">{loc.egp(fee.remaining)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

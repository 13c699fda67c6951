/**
 * A printed payment receipt (docs/product.md#printing, #payments-and-receipts): number, Cairo date and time,
 * student, amount in figures and in Arabic words, where it was paid (desk or online), the instalments it covered
 * (when fee plans allocate payments), the balance right after it, who took it, a signature line; "copy" on a reprint.
 * A5, or an 80 mm roll.
 */
import { amountInArabicWords } from "@worker/lib/amount-words";
import type { ReceiptData } from "@worker/services/print";
import { Id, Letterhead, StudentFacts } from "./print-document";
import type { PrintLocale } from "./print-format";

/** The receipt sheet; `copy` prints "copy" beside the title. */
export function ReceiptSheet({ loc, data, copy }: { loc: PrintLocale; data: ReceiptData; copy: boolean }) {
  const t = loc.t.receipt;
  const { payment, fee } = data;
  const adjustment = payment.kind === "adjustment";
  // Instalments are numbered per line ("Tuition 1", "Bus 1"): the line and the number name one.
  const instalments = new Map((fee.instalments ?? []).map((i) => [`${i.line ?? ""}|${i.no}`, i]));
  const allocations = payment.allocations ?? [];
  return (
    <section className="sheet" data-receipt={payment.receipt_no}>
      <Letterhead
        loc={loc}
        title={adjustment ? t.adjustment : t.title}
        end={
          copy ? (
            <span className="badge" data-copy="">
              {t.copy}
            </span>
          ) : undefined
        }
      />
      <dl className="facts">
        <dt>{t.receiptNo}</dt>
        <dd>
          <Id>{payment.receipt_no}</Id>
        </dd>
        <dt>{t.dateTime}</dt>
        <dd>{loc.dateTime(payment.paid_at)}</dd>
        <StudentFacts loc={loc} labels={t} name={fee.full_name} no={fee.student_no} grade={fee.grade} />
        <dt>{t.amount}</dt>
        <dd className="amount">{loc.egp(payment.amount)}</dd>
        <dt>{t.source}</dt>
        <dd data-source={payment.source}>{t.sources[payment.source]}</dd>
      </dl>
      {payment.amount > 0 && (
        <div className="words" data-amount-words="">
          <span className="muted">{t.amountWords}: </span>
          <bdi lang="ar" dir="rtl">
            <strong>{t.only.replace("{{words}}", amountInArabicWords(payment.amount))}</strong>
          </bdi>
        </div>
      )}
      {allocations.length > 0 && (
        <table className="block" data-instalments="">
          <caption style={{ textAlign: "start", fontWeight: 700 }}>{t.instalments}</caption>
          <thead>
            <tr>
              <th>{t.instalments}</th>
              <th className="n">{t.dueDate}</th>
              <th className="n">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {allocations.map((a) => {
              const due = instalments.get(`${a.line ?? ""}|${a.instalment_no}`)?.due_date;
              return (
                <tr key={`${a.line ?? ""}-${a.instalment_no}`}>
                  <td>
                    {a.line ? <bdi>{loc.line(a.line, a.line_en)}</bdi> : null}
                    {a.line ? loc.sep : null}
                    {t.instalment.replace("{{no}}", loc.num(a.instalment_no))}
                  </td>
                  <td className="n">{due ? loc.date(due) : ""}</td>
                  <td className="n">{loc.egp(a.amount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <dl className="facts block">
        <dt>{t.balance}</dt>
        <dd>{loc.egp(data.balanceAfter)}</dd>
        {data.takenBy && (
          <>
            <dt>{t.takenBy}</dt>
            <dd>
              <bdi>{data.takenBy}</bdi>
            </dd>
          </>
        )}
      </dl>
      <p className="muted">{t.thanks}</p>
      <div className="signatures">
        <div>{t.signature}</div>
      </div>
    </section>
  );
}

/**
 * A printed payment receipt (docs/product.md#printing, #payments-and-receipts): number, Cairo date and time,
 * student, where it was paid (desk or online), amount in figures and in Arabic words, the instalments it covered
 * (when fee plans allocate payments), the balance right after it, who took it (display name), a signature line; "copy"
 * on a reprint. An online one is an online payment receipt: received by the online system, the payment method when
 * known, no cashier's signature; it adds Paymob's order and, when more came in than was owed, what was received,
 * what was applied and the credit to refund (and what of it was refunded since). One sheet: A5, or an 80 mm roll.
 */
import { amountInArabicWords } from "@worker/lib/amount-words";
import type { OnlineReceiptFacts, ReceiptData, ReceiptYearLine } from "@worker/services/print";
import { Id, Letterhead, StudentFacts } from "./print-document";
import { type PrintLocale, printArabic } from "./print-format";

/** The amount rows: the amount, or for an online payment with a credit what came in, was applied and is owed back. */
function AmountRows({ loc, amount, online }: { loc: PrintLocale; amount: number; online: OnlineReceiptFacts | null }) {
  const t = loc.t.receipt;
  if (online?.kind !== "payment" || online.credit <= 0)
    return (
      <>
        <dt>{online?.kind === "payment" ? t.received : t.amount}</dt>
        <dd className="amount" data-received={online?.kind === "payment" ? "" : undefined}>
          {loc.egp(amount)}
        </dd>
      </>
    );
  return (
    <>
      <dt>{t.received}</dt>
      <dd className="amount" data-received="">
        {loc.egp(online.received)}
      </dd>
      <dt>{t.applied}</dt>
      <dd data-applied="">{loc.egp(online.applied)}</dd>
      <dt>{t.credit}</dt>
      <dd data-credit="">{loc.egp(online.credit)}</dd>
      {online.creditRefunded > 0 && (
        <>
          <dt>{t.creditRefunded}</dt>
          <dd data-credit-refunded="">{loc.egp(online.creditRefunded)}</dd>
        </>
      )}
    </>
  );
}

/** The receipt's title: cash receipt at the desk, online payment receipt, or adjustment. */
export function receiptTitle(loc: PrintLocale, payment: ReceiptData["payment"]): string {
  const t = loc.t.receipt;
  if (payment.kind === "adjustment") return t.adjustment;
  return payment.source === "online" ? t.onlineTitle : t.title;
}

/** The method's name ("card", "wallet", "aggregator" as Paymob says), or null when unknown. */
function methodName(loc: PrintLocale, method: string | null | undefined): string | null {
  const methods: Record<string, string> = loc.t.receipt.methods;
  return method && Object.hasOwn(methods, method) ? methods[method]! : null;
}

/** The instalments a payment covered, each with its line and due date. */
function CoveredInstalments({ loc, data }: { loc: PrintLocale; data: ReceiptData }) {
  const t = loc.t.receipt;
  // Instalments are numbered per line ("Tuition 1", "Bus 1"): the line and the number name one.
  const instalments = new Map((data.fee.instalments ?? []).map((i) => [`${i.line ?? ""}|${i.no}`, i]));
  const allocations = data.payment.allocations ?? [];
  return (
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
  );
}

/**
 * The lines of a receipt paying several years' accounts, oldest year first: the year, the line's own number, the
 * amount, the instalments it covered and the account's balance after it.
 */
function YearLines({ loc, lines }: { loc: PrintLocale; lines: ReceiptYearLine[] }) {
  const t = loc.t.receipt;
  return (
    <table className="block" data-year-lines="">
      <caption style={{ textAlign: "start", fontWeight: 700 }}>{t.yearLines}</caption>
      <thead>
        <tr>
          <th>{t.year}</th>
          <th>{t.lineReceipt}</th>
          <th>{t.instalments}</th>
          <th className="n">{t.amount}</th>
          <th className="n">{t.balance}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.receiptNo} data-year-line={l.year}>
            <td>
              <bdi>{loc.year(l.year)}</bdi>
            </td>
            <td>
              <Id>{l.receiptNo}</Id>
            </td>
            <td>
              {l.allocations
                .map(
                  (a) =>
                    `${a.line ? loc.line(a.line, a.line_en) + loc.sep : ""}${t.instalment.replace("{{no}}", loc.num(a.instalment_no))}`,
                )
                .join("، ")}
            </td>
            <td className="n">{loc.egp(l.amount)}</td>
            <td className="n">{l.balanceAfter === null ? "" : loc.egp(l.balanceAfter)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The receipt sheet; `copy` prints "copy" beside the title. */
export function ReceiptSheet({ loc, data, copy }: { loc: PrintLocale; data: ReceiptData; copy: boolean }) {
  const t = loc.t.receipt;
  const { payment, fee } = data;
  const lines = data.lines ?? [];
  const allocations = lines.length ? [] : (payment.allocations ?? []);
  const { online } = data;
  // A receipt across years: its amount is every line's.
  const amount = lines.length ? lines.reduce((s, l) => s + Math.round(l.amount * 100), 0) / 100 : payment.amount;
  // What came in: an online payment's credit is money received too, so the words say all of it.
  const received = online?.kind === "payment" ? online.received : amount;
  const viaOnline = payment.source === "online";
  const method = methodName(loc, online?.method);
  const takenBy = viaOnline ? loc.t.onlineActor : data.takenBy;
  return (
    <section className="sheet" data-receipt={payment.receipt_no} data-online-receipt={online ? "" : undefined}>
      <Letterhead
        loc={loc}
        title={receiptTitle(loc, payment)}
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
        {!lines.length && fee.academic_year_name && (
          <>
            <dt>{t.year}</dt>
            <dd data-year="">
              <bdi>{loc.year(fee.academic_year_name)}</bdi>
            </dd>
          </>
        )}
        <dt>{t.source}</dt>
        <dd data-source={payment.source}>{t.sources[payment.source]}</dd>
        {method && (
          <>
            <dt>{t.method}</dt>
            <dd data-method="">{method}</dd>
          </>
        )}
        {online && (
          <>
            <dt>{t.order}</dt>
            <dd data-order="">
              <Id>{online.orderId}</Id>
            </dd>
          </>
        )}
        <AmountRows loc={loc} amount={amount} online={online} />
      </dl>
      {received > 0 && (
        <div className="words" data-amount-words="">
          <span className="muted">{t.amountWords}: </span>
          <bdi lang="ar" dir="rtl">
            <strong>{t.only.replace("{{words}}", printArabic(amountInArabicWords(received)))}</strong>
          </bdi>
        </div>
      )}
      {online && online.credit > online.creditRefunded && <p className="muted">{t.creditNote}</p>}
      {lines.length > 0 && <YearLines loc={loc} lines={lines} />}
      {allocations.length > 0 && <CoveredInstalments loc={loc} data={data} />}
      <dl className="facts block">
        {!lines.length && (
          <>
            <dt>{t.balance}</dt>
            <dd>{loc.egp(data.balanceAfter)}</dd>
          </>
        )}
        {takenBy && (
          <>
            <dt>{t.takenBy}</dt>
            <dd data-taken-by="">
              <bdi>{takenBy}</bdi>
            </dd>
          </>
        )}
      </dl>
      <p className="muted">{t.thanks}</p>
      {viaOnline ? (
        <p className="muted" data-no-signature="">
          {t.noSignature}
        </p>
      ) : (
        <div className="signatures">
          <div>{t.signature}</div>
        </div>
      )}
    </section>
  );
}

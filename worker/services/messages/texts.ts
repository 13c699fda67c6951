/**
 * The kinds of message (docs/product.md#guardians-and-messages): whether a kind is urgent (sent at once at any hour)
 * or waits out the quiet hours, the approved WhatsApp template's name and its body parameters, and the same text in
 * Arabic and English for SMS and the console's log. Templates are named `school_<kind>` and registered in both
 * languages (`ar`, `en`) in the WhatsApp Business Manager with the parameters in this order; the currency (ج.م / EGP)
 * is in the template's text, the parameter is the number. Amounts and dates follow the message's language as on the
 * pages (Intl, ar-EG: "١٬٢٥٠", "٥ مارس ٢٠٢٦"; en-EG: "1,250", "March 5, 2026"); receipt numbers and links never change.
 */
import type { MESSAGE_KINDS } from "../../../db/schema";
import { formatNumber, formatSchoolDayLong } from "../../lib/intl-format";
import { piastresToEgp } from "../../money";

export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageLanguage = "ar" | "en";

/** The facts a message is built from, as stored: amounts in piastres, dates as YYYY-MM-DD. */
export interface MessageFacts {
  studentName: string;
  amountPiastres?: number;
  /** A school day, YYYY-MM-DD. */
  dueDate?: string;
  receiptNo?: string;
  term?: { year: string; semester: "S1" | "S2" };
  link?: string;
  /** A sign-in code (6 digits), sent as typed: Latin digits in both languages. */
  code?: string;
}

/** The facts in one language's words and digits. */
interface Shown {
  name: string;
  amount: string;
  due: string;
  receipt: string;
  term: string;
  link: string;
  code: string;
}

const SEMESTERS = {
  ar: { S1: "الفصل الدراسي الأول", S2: "الفصل الدراسي الثاني" },
  en: { S1: "Semester 1", S2: "Semester 2" },
} as const;

/** `facts` as `language` shows them: EGP with piastres only when there are any, years without grouping. */
function shown(facts: MessageFacts, language: MessageLanguage): Shown {
  const egp = piastresToEgp(facts.amountPiastres ?? 0);
  const decimals = Number.isInteger(egp) ? 0 : 2;
  const amount = formatNumber(egp, language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const year = (y: string) =>
    y
      .split("-")
      .map((n) => formatNumber(Number(n), language, { useGrouping: false }))
      .join("-");
  const t = facts.term;
  return {
    name: facts.studentName,
    amount: facts.amountPiastres === undefined ? "" : amount,
    due: formatSchoolDayLong(facts.dueDate, language),
    receipt: facts.receiptNo ?? "",
    term: t ? `${SEMESTERS[language][t.semester]} ${year(t.year)}` : "",
    link: facts.link ?? "",
    code: facts.code ?? "",
  };
}

type Render = (f: Shown) => string;

interface Kind {
  /** Sent at once at any hour (a receipt, a sign-in code); otherwise held back between 21:00 and 09:00 Cairo. */
  urgent: boolean;
  /**
   * Sent again by SMS, once, when WhatsApp refuses it or a status webhook reports it failed (a sign-in code, the
   * office's invitation): the guardian asked for it or is waiting for it. Reminders and receipts are not.
   */
  smsFallback?: true;
  params: (f: Shown) => string[];
  ar: Render;
  en: Render;
}

const KINDS: Record<MessageKind, Kind> = {
  instalment_due: {
    urgent: false,
    params: (f) => [f.name, f.amount, f.due],
    ar: (f) => `تذكير: قسط ${f.name} بمبلغ ${f.amount} ج.م مستحق في ${f.due}.`,
    en: (f) => `Reminder: ${f.name}'s instalment of EGP ${f.amount} is due on ${f.due}.`,
  },
  instalment_overdue: {
    urgent: false,
    params: (f) => [f.name, f.amount, f.due],
    ar: (f) => `قسط ${f.name} بمبلغ ${f.amount} ج.م كان مستحقًا في ${f.due} ولم يُسدد بعد.`,
    en: (f) => `${f.name}'s instalment of EGP ${f.amount} was due on ${f.due} and is still unpaid.`,
  },
  payment_received: {
    urgent: true,
    params: (f) => [f.name, f.amount, f.receipt, f.link],
    ar: (f) => `استلمنا ${f.amount} ج.م لـ ${f.name}، إيصال ${f.receipt}: ${f.link}`,
    en: (f) => `We received EGP ${f.amount} for ${f.name}, receipt ${f.receipt}: ${f.link}`,
  },
  results_published: {
    urgent: false,
    params: (f) => [f.name, f.term, f.link],
    ar: (f) => `نتيجة ${f.name} في ${f.term} متاحة الآن: ${f.link}`,
    en: (f) => `${f.name}'s results for ${f.term} are out: ${f.link}`,
  },
  selection_opened: {
    urgent: false,
    params: (f) => [f.name, f.link],
    ar: (f) => `بدأ اختيار المعلمين لطلاب الصف الثالث الإعدادي. اختر لـ ${f.name}: ${f.link}`,
    en: (f) => `Prep-3 teacher selection is open. Choose for ${f.name}: ${f.link}`,
  },
  sign_in_code: {
    urgent: true,
    smsFallback: true,
    params: (f) => [f.code],
    ar: (f) => `رمز الدخول إلى حساب الأسرة: ${f.code}. صالح ٥ دقائق. لا تشاركه مع أحد.`,
    en: (f) => `Your family account sign-in code: ${f.code}. Valid for 5 minutes. Do not share it.`,
  },
  family_invite: {
    urgent: false,
    smsFallback: true,
    params: (f) => [f.link],
    ar: (f) => `تابع أبناءك في المدرسة من حساب الأسرة: النتائج والمصروفات والإيصالات. ادخل برقم هاتفك هذا: ${f.link}`,
    en: (f) =>
      `Follow your children at school in the family account: results, fees and receipts. Sign in with this mobile number: ${f.link}`,
  },
};

/** True when messages of `kind` go at once at any hour (docs/product.md#guardians-and-messages, "When"). */
export const isUrgent = (kind: MessageKind): boolean => KINDS[kind].urgent;

/** True when a message of `kind` WhatsApp could not deliver goes again, once, by SMS (docs/product.md#family-accounts). */
export const fallsBackToSms = (kind: MessageKind): boolean => KINDS[kind].smsFallback === true;

/** The template name, its parameters and the rendered text of one message, in `language`'s words and digits. */
export function renderMessage(kind: MessageKind, language: MessageLanguage, facts: MessageFacts) {
  const k = KINDS[kind];
  const f = shown(facts, language);
  return { template: `school_${kind}`, params: k.params(f), body: k[language](f) };
}

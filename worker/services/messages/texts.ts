/**
 * What each kind of message says (docs/product.md#guardians-and-messages): the approved WhatsApp template's name and
 * its body parameters, and the same text in Arabic and English for SMS and the console's log. Templates are named
 * `school_<kind>` and registered in both languages (`ar`, `en`) in the WhatsApp Business Manager with the parameters
 * in this order.
 */
import type { MESSAGE_KINDS } from "../../../db/schema";

export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type MessageLanguage = "ar" | "en";

/** The facts a message is built from; amounts in EGP as display text, dates as YYYY-MM-DD. */
export interface MessageFacts {
  studentName: string;
  amount?: string;
  dueDate?: string;
  receiptNo?: string;
  term?: string;
  link?: string;
}

type Render = (f: MessageFacts) => string;

const TEXTS: Record<MessageKind, { params: (f: MessageFacts) => string[]; ar: Render; en: Render }> = {
  instalment_due: {
    params: (f) => [f.studentName, f.amount ?? "", f.dueDate ?? ""],
    ar: (f) => `تذكير: قسط ${f.studentName} بمبلغ ${f.amount} ج.م مستحق في ${f.dueDate}.`,
    en: (f) => `Reminder: ${f.studentName}'s instalment of EGP ${f.amount} is due on ${f.dueDate}.`,
  },
  instalment_overdue: {
    params: (f) => [f.studentName, f.amount ?? "", f.dueDate ?? ""],
    ar: (f) => `قسط ${f.studentName} بمبلغ ${f.amount} ج.م كان مستحقًا في ${f.dueDate} ولم يُسدد بعد.`,
    en: (f) => `${f.studentName}'s instalment of EGP ${f.amount} was due on ${f.dueDate} and is still unpaid.`,
  },
  payment_received: {
    params: (f) => [f.studentName, f.amount ?? "", f.receiptNo ?? "", f.link ?? ""],
    ar: (f) => `استلمنا ${f.amount} ج.م لـ ${f.studentName}، إيصال ${f.receiptNo}: ${f.link}`,
    en: (f) => `We received EGP ${f.amount} for ${f.studentName}, receipt ${f.receiptNo}: ${f.link}`,
  },
  results_published: {
    params: (f) => [f.studentName, f.term ?? "", f.link ?? ""],
    ar: (f) => `نتيجة ${f.studentName} للفصل ${f.term} متاحة الآن: ${f.link}`,
    en: (f) => `${f.studentName}'s results for ${f.term} are out: ${f.link}`,
  },
  selection_opened: {
    params: (f) => [f.studentName, f.link ?? ""],
    ar: (f) => `بدأ اختيار المعلمين لطلاب الصف الثالث الإعدادي. اختر لـ ${f.studentName}: ${f.link}`,
    en: (f) => `Prep-3 teacher selection is open. Choose for ${f.studentName}: ${f.link}`,
  },
};

/** The template name, its parameters and the rendered text of one message. */
export function renderMessage(kind: MessageKind, language: MessageLanguage, facts: MessageFacts) {
  const t = TEXTS[kind];
  return { template: `school_${kind}`, params: t.params(facts), body: t[language](facts) };
}

/**
 * The fixed texts of the printed payment receipt in both languages. A receipt is bilingual whatever the console's
 * language, while the page dictionary holds only the current language (web/i18n/resources.server.ts), so these
 * few labels ship with the Fees page. The school name comes from the shared dictionaries.
 */
import arCommon from "~/i18n/ar/common";
import enCommon from "~/i18n/en/common";

/** One language's receipt texts. */
export interface ReceiptLabels {
  schoolName: string;
  title: string;
  receiptNo: string;
  date: string;
  student: string;
  studentId: string;
  grade: string;
  amount: string;
  /** The instalments a payment covered (docs/product.md#fee-plans). */
  covers: string;
  /** Where the money came in (docs/product.md#online-payments), and the two places' names. */
  source: string;
  sources: Record<"desk" | "online", string>;
  thanks: string;
  signature: string;
  /** Grade names of the admin grade list (docs/product.md#limits). */
  grades: Record<string, string>;
}

export const RECEIPT_LABELS: Record<"en" | "ar", ReceiptLabels> = {
  en: {
    schoolName: enCommon.schoolName,
    title: "Payment Receipt",
    receiptNo: "Receipt No.",
    date: "Date",
    student: "Student",
    studentId: "Student ID",
    grade: "Grade",
    amount: "Amount paid",
    covers: "Instalments covered",
    source: "Source",
    sources: { desk: "Desk", online: "Online" },
    thanks: "Thank you. Please keep this receipt.",
    signature: "Cashier signature",
    grades: {},
  },
  ar: {
    schoolName: arCommon.schoolName,
    title: "إيصال استلام نقدية",
    receiptNo: "رقم الإيصال",
    date: "التاريخ",
    student: "اسم الطالب",
    studentId: "رقم الطالب",
    grade: "الصف",
    amount: "المبلغ المدفوع",
    covers: "الأقساط المسددة",
    source: "مصدر الدفعة",
    sources: { desk: "المكتب", online: "إلكتروني" },
    thanks: "شكرًا لكم. يُرجى الاحتفاظ بهذا الإيصال.",
    signature: "توقيع أمين الخزينة",
    grades: {
      "KG-1": "رياض الأطفال 1",
      "KG-2": "رياض الأطفال 2",
      "Primary-1": "الصف الأول الابتدائي",
      "Primary-2": "الصف الثاني الابتدائي",
      "Primary-3": "الصف الثالث الابتدائي",
      "Primary-4": "الصف الرابع الابتدائي",
      "Primary-5": "الصف الخامس الابتدائي",
      "Primary-6": "الصف السادس الابتدائي",
      "Prep-1": "الصف الأول الإعدادي",
      "Prep-2": "الصف الثاني الإعدادي",
      "Prep-3": "الصف الثالث الإعدادي",
      Private: "خاص",
    },
  },
};

/** A grade's name in `lang` (English names are the grade codes themselves). */
export const receiptGrade = (lang: "en" | "ar", grade: string) => RECEIPT_LABELS[lang].grades[grade] ?? grade;

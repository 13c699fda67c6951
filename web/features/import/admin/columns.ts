/**
 * The columns of each import kind (docs/product.md#bulk-import): the API field each one fills, its Arabic and
 * English header (the template writes "عربي / English"), the other names a file may use for it (the CSV exports'
 * headers among them, so an exported file imports as it is), and the template's example value. Results are a wide
 * sheet: an ID column, then a column per subject (marks) and optionally a "max" column per subject. Pure and
 * dependency-free apart from the subject list and the Arabic subject names.
 */
import { foldSearchText } from "@worker/lib/normalize";
import { RESULT_SUBJECTS } from "@worker/lib/subjects";
import { SUBJECT_NAMES } from "~/i18n/subjects";
import type { ImportKind } from "@worker/contracts/import";
import { GUARDIAN_COLUMNS } from "./guardian-columns";

export interface ColumnSpec {
  /** The API field, or for results `score:<Subject>` / `max:<Subject>`; "ignore" for a column read but not sent. */
  target: string;
  ar: string;
  en: string;
  aliases?: readonly string[];
  required?: boolean;
  example: string | number;
  /** false: known (an export writes it) but not in the template. */
  template?: false;
}

/** A column an export or an office sheet has that the import reads as nothing (a figure computed from the others). */
const computed = (en: string, ar: string, aliases?: readonly string[]): ColumnSpec => ({
  target: "ignore",
  ar,
  en,
  ...(aliases ? { aliases } : {}),
  example: "",
  template: false,
});

/**
 * The row's academic year (docs/product.md#bulk-import): a fee account's, an enrolment's or a result's. A row that
 * names one is filed under it; an empty cell or no such column takes the dialog's choice (default the current year).
 * Not in the templates: the dialog's choice is the usual way; the exports write it.
 */
const YEAR: ColumnSpec = {
  target: "academic_year_name",
  ar: "العام الدراسي",
  en: "Academic Year",
  aliases: ["academic_year", "academic_year_name", "year", "السنة الدراسية", "العام"],
  example: "",
  template: false,
};

/** An office sheet's serial-number column ("م"): known, so it never forces the column matching. */
const SERIAL = computed("No.", "م", ["#", "s/n", "serial", "مسلسل", "الرقم المسلسل"]);

const ID_ALIASES = [
  "national id",
  "national number",
  "nid",
  "student id",
  "student_no",
  "student_id",
  "studentId",
  "id",
  "الرقم القومي",
  "رقم قومي",
  "رقم الطالب",
  "رقم الهوية",
  "الرقم",
  "كود الطالب",
];

const STUDENT_COLUMNS: ColumnSpec[] = [
  {
    target: "student_no",
    ar: "الرقم القومي",
    en: "ID",
    aliases: ID_ALIASES,
    required: true,
    example: "\t31001310119461",
  },
  {
    target: "full_name",
    ar: "الاسم",
    en: "Name",
    aliases: ["full name", "full_name", "student name", "اسم الطالب", "الاسم بالكامل"],
    required: true,
    example: "أحمد محمد علي",
  },
  { target: "nationality", ar: "الجنسية", en: "Nationality", required: true, example: "مصري" },
  { target: "religion", ar: "الديانة", en: "Religion", example: "Muslim" },
  {
    target: "current_grade",
    ar: "الصف",
    en: "Grade",
    aliases: ["current_grade", "class", "الصف الدراسي"],
    required: true,
    example: "Prep-1",
  },
  {
    target: "building_no",
    ar: "المبنى",
    en: "Building",
    aliases: ["building_no", "building no", "رقم المبنى"],
    required: true,
    example: 1,
  },
  { target: "gender", ar: "النوع", en: "Gender", aliases: ["sex", "الجنس"], example: "ذكر" },
  { target: "is_active", ar: "الحالة", en: "Status", aliases: ["is_active", "active"], example: "نشط" },
  ...GUARDIAN_COLUMNS,
  YEAR,
  // The class section of the row's year ("3/2"), as the Students export writes it.
  {
    target: "section",
    ar: "الشعبة",
    en: "Section",
    aliases: ["class section", "section", "الفصل (الشعبة)"],
    example: "",
    template: false,
  },
  SERIAL,
];

const FEE_COLUMNS: ColumnSpec[] = [
  {
    target: "student_id",
    ar: "رقم الطالب",
    en: "Student ID",
    aliases: ID_ALIASES,
    required: true,
    example: "\t31001310119461",
  },
  { target: "ignore", ar: "اسم الطالب", en: "Student Name", aliases: ["name", "الاسم"], example: "أحمد محمد علي" },
  { target: "grade", ar: "الصف", en: "Grade", aliases: ["current_grade"], required: true, example: "Prep-1" },
  {
    target: "total_amount",
    ar: "إجمالي المصروفات",
    en: "Total Amount",
    aliases: ["total", "total_amount", "الإجمالي", "المبلغ الإجمالي"],
    required: true,
    example: 12000,
  },
  {
    target: "paid_amount",
    ar: "المبلغ المدفوع",
    en: "Paid Amount",
    aliases: ["paid", "paid_amount", "المدفوع"],
    example: 2000,
  },
  // The Fees export's computed columns (web/features/fees/admin/fees-csv.ts): the import derives them itself.
  computed("Remaining Amount", "المبلغ المتبقي"),
  computed("Status", "الحالة"),
  computed("Overdue Amount", "المبلغ المتأخر"),
  computed("Next Due Date", "تاريخ الاستحقاق التالي"),
  YEAR,
  SERIAL,
];

const TEACHER_COLUMNS: ColumnSpec[] = [
  {
    target: "teacher_code",
    ar: "كود المعلم",
    en: "Teacher Code",
    aliases: ["code", "teacher_code", "الكود"],
    example: "",
  },
  {
    target: "full_name",
    ar: "اسم المعلم",
    en: "Teacher",
    aliases: ["name", "full name", "full_name", "teacher name", "الاسم", "المعلم"],
    required: true,
    example: "أ. سمير حسن",
  },
  {
    target: "subject_name",
    ar: "المادة",
    en: "Subject",
    aliases: ["subject_name"],
    required: true,
    // The template takes one of the school's active subjects (template.ts); no fixed example to compare with.
    example: "",
  },
  { target: "building_no", ar: "المبنى", en: "Building", aliases: ["building_no"], example: 5 },
  {
    target: "session_1_capacity",
    ar: "سعة المجموعة 1",
    en: "Session 1 Capacity",
    aliases: ["session 1", "capacity 1", "المجموعة 1"],
    example: 35,
  },
  {
    target: "session_2_capacity",
    ar: "سعة المجموعة 2",
    en: "Session 2 Capacity",
    aliases: ["session 2", "capacity 2", "المجموعة 2"],
    example: 35,
  },
  { target: "is_active", ar: "الحالة", en: "Status", aliases: ["is_active", "active"], example: "نشط" },
  SERIAL,
];

/** Subjects the results template lists (a sheet may have any of the 14). */
const TEMPLATE_SUBJECTS = [
  "Mathematics",
  "English",
  "Science",
  "History",
  "Geography",
  "Computer Science",
  "Art",
  "Physical Education",
] as const;

const arSubject = (s: string) => (SUBJECT_NAMES.ar as Record<string, string>)[s] ?? s;

/** Under a subject's title in a two-row header (sheet-rows.ts): the words naming its marks and its max. */
const SCORE_WORDS = ["الدرجة", "درجة الطالب", "الدرجات", "score", "marks", "mark"];
const MAX_WORDS = ["العظمى", "الدرجة العظمى", "النهاية العظمى", "النهاية الكبرى", "max", "max score", "full mark"];

/** Every column a results sheet may have: ID, name (not sent), then per subject its marks and its max score. */
const RESULT_COLUMNS: ColumnSpec[] = [
  {
    target: "student_id",
    ar: "رقم الطالب",
    en: "Student ID",
    aliases: ID_ALIASES,
    required: true,
    example: "\t31001310119461",
  },
  { target: "ignore", ar: "اسم الطالب", en: "Student Name", aliases: ["name", "الاسم"], example: "أحمد محمد علي" },
  // The Results export's term and grade: a row naming its own year and semester is filed under them (not the
  // dialog's choice, which fills rows that name none).
  YEAR,
  { target: "semester", ar: "الفصل الدراسي", en: "Semester", aliases: ["term", "الترم"], example: "", template: false },
  { target: "grade", ar: "الصف", en: "Grade", aliases: ["current_grade"], example: "", template: false },
  { target: "remarks", ar: "ملاحظات", en: "Remarks", aliases: ["الملاحظات"], example: "", template: false },
  // Figures a teacher's sheet computes from the marks: known, never sent, never forcing the column matching. A
  // total is not checked against the marks: schools leave some subjects out of it.
  computed("Total", "المجموع", ["المجموع الكلي", "مجموع الدرجات", "الدرجة الكلية", "sum", "total marks"]),
  computed("Percentage", "النسبة", ["النسبة المئوية", "%", "percent"]),
  computed("Letter", "التقدير", ["التقدير العام", "letter grade", "rating"]),
  SERIAL,
  ...RESULT_SUBJECTS.flatMap((s): ColumnSpec[] => [
    {
      target: `score:${s}`,
      ar: arSubject(s),
      en: s,
      aliases: SCORE_WORDS.flatMap((w) => [`${arSubject(s)} ${w}`, `${s} ${w}`]),
      example: s === "Mathematics" ? 45.5 : 88,
    },
    {
      target: `max:${s}`,
      ar: `${arSubject(s)} - الدرجة العظمى`,
      en: `${s} max`,
      aliases: [
        `${s} total`,
        `العظمى ${arSubject(s)}`,
        ...MAX_WORDS.flatMap((w) => [`${arSubject(s)} ${w}`, `${s} ${w}`]),
      ],
      example: "",
    },
  ]),
];

export const COLUMNS: Record<ImportKind, readonly ColumnSpec[]> = {
  students: STUDENT_COLUMNS,
  fees: FEE_COLUMNS,
  results: RESULT_COLUMNS,
  teachers: TEACHER_COLUMNS,
};

/** The columns of a kind's template (results: the template's subjects only; no export-only column). */
export function templateColumns(kind: ImportKind): ColumnSpec[] {
  if (kind !== "results") return COLUMNS[kind].filter((c) => c.template !== false);
  return RESULT_COLUMNS.filter((c) => c.template !== false).filter(
    (c) =>
      !c.target.includes(":") ||
      (c.target.startsWith("score:") && (TEMPLATE_SUBJECTS as readonly string[]).includes(c.target.slice(6))),
  );
}

/** A header folded for matching: case, spacing, punctuation, Arabic letter variants and an "(EGP)" unit ignored. */
export function foldHeader(h: string): string {
  return foldSearchText(h.replace(/\((?:egp|ج\.?م\.?)\)/gi, "")).replace(/[\s_\-–—.:()'"\u0640]+/g, "");
}

/** The error file's own column, in either language (web/features/import/admin/row-problems.ts). */
const ERROR_HEADERS = new Set(["error", "errors", "الخطأ", "الأخطاء", "خطأ"].map(foldHeader));

/**
 * Whether `header` is an error file's Error column ("Error", "الخطأ / Error"): read back as nothing, and left out of
 * the next error file so it never has two (docs/product.md#bulk-import).
 */
export function isErrorHeader(header: unknown): boolean {
  if (typeof header !== "string" || !header.trim()) return false;
  const parts = header.split(/[/|]/).map(foldHeader);
  return ERROR_HEADERS.has(foldHeader(header)) || (parts.length > 1 && parts.every((p) => ERROR_HEADERS.has(p)));
}

const headerIndex = new Map<ImportKind, Map<string, string>>();

function indexOf(kind: ImportKind): Map<string, string> {
  let index = headerIndex.get(kind);
  if (!index) {
    index = new Map();
    for (const c of COLUMNS[kind])
      for (const name of [c.ar, c.en, `${c.ar} / ${c.en}`, ...(c.aliases ?? [])])
        if (!index.has(foldHeader(name))) index.set(foldHeader(name), c.target);
    // The error sheet's own column is read back as nothing.
    for (const folded of ERROR_HEADERS) index.set(folded, "ignore");
    headerIndex.set(kind, index);
  }
  return index;
}

/** The target of a file's header for `kind` ("" when unknown): the whole header, else each side of "عربي / English". */
export function matchHeader(kind: ImportKind, header: string): string {
  const index = indexOf(kind);
  const whole = index.get(foldHeader(header));
  if (whole) return whole;
  for (const part of header.split(/[/|]/)) {
    const hit = index.get(foldHeader(part));
    if (hit) return hit;
  }
  return "";
}

/** The header cell of a template column: Arabic and English. */
export const templateHeader = (c: ColumnSpec) => `${c.ar} / ${c.en}`;

/** The label of a target in the admin's language (the mapping's choices). */
export function targetLabel(kind: ImportKind, target: string, lang: string): string {
  const c = COLUMNS[kind].find((x) => x.target === target);
  return c ? (lang === "ar" ? c.ar : c.en) : target;
}

/**
 * The school states of the state matrix, built cumulatively through the admin and public JSON API: 0 → 1 → 2 → 3 →
 * many items of every entity (students, fee records and payments, fee plans applied to a grade, results and their
 * publication, news, selection subjects, teachers, periods and students' selections; the audit log grows with
 * every write). Items 1-3 carry the
 * longest texts each field accepts (item 1 in Arabic, item 2 in English, item 3 mixed, with a link and an image);
 * the "many" round is an ordinary school list with a long item every tenth.
 */
import { academicYearOf, defaultDueDates, splitEqual } from "../../../worker/lib/fee-schedule";
import { GRADES, type Grade } from "../../../worker/lib/school-grades";
import { RESULT_SUBJECTS } from "../../../worker/lib/subjects";
import { type AdminApi, inPool } from "./admin-api";
import { type TextLang, newsContent, personName, sentence, shortName } from "./texts";

/** How many of each entity a state has. */
export interface Counts {
  students: number;
  fees: number;
  results: number;
  news: number;
  subjects: number;
  teachers: number;
  periods: number;
  selections: number;
  /** Fee plans of the current academic year, one grade each; plan 1 is applied to its grade in every state. */
  plans: number;
}

export type StateName = "0" | "1" | "2" | "3" | "many";

/** Totals per state (cumulative). "many" pushes each list past one page (students: 8 pages of 15). */
export const STATE_COUNTS: Record<StateName, Counts> = {
  "0": { students: 0, fees: 0, results: 0, news: 0, subjects: 0, teachers: 0, periods: 0, selections: 0, plans: 0 },
  "1": { students: 1, fees: 1, results: 1, news: 1, subjects: 1, teachers: 1, periods: 1, selections: 1, plans: 1 },
  "2": { students: 2, fees: 2, results: 2, news: 2, subjects: 2, teachers: 2, periods: 2, selections: 2, plans: 2 },
  "3": { students: 3, fees: 3, results: 3, news: 3, subjects: 3, teachers: 3, periods: 3, selections: 3, plans: 3 },
  many: {
    students: 113,
    fees: 60,
    results: 40,
    news: 25,
    subjects: 6,
    teachers: 20,
    periods: 8,
    selections: 12,
    plans: 12,
  },
};

/** Marks of the sample results, half marks among them (the admin list, the per-grade pages, the public result card). */
export const SAMPLE_MARKS = [0, 7, 7.5, 45.5, 88, 100] as const;

/** The published year and semester of the sample results: the year the migrations make current (the clock's). */
export const PUBLISHED = { academic_year_name: academicYearOf(new Date()), semester: "S1" } as const;

interface StudentRow {
  no: string;
  active: boolean;
  grade: Grade;
  fee: "none" | "paid" | "partial" | "unpaid";
  result: boolean;
}

/** What the public pages look up in a state: IDs with a published result (fees paid), and Prep-3 students. */
export interface Lookups {
  results: string[];
  selection: string[];
}

const textLang = (k: number): TextLang => (k % 2 === 1 ? "ar" : "en");
/** Items 1-3 and every tenth item carry the longest texts. */
const isLong = (k: number) => k <= 3 || k % 10 === 0;

export class SchoolBuilder {
  private readonly students: StudentRow[] = [];
  private readonly subjects: { id: number; name: string; teachers: number[] }[] = [];
  private readonly planIds: number[] = [];
  private counts: Counts = STATE_COUNTS["0"];
  private readonly runId = Date.now() % 1e9;
  private selected = 0;

  constructor(private readonly api: AdminApi) {}

  /** Adds what `state` has beyond the current one; returns the IDs to look up on the public pages. */
  async grow(state: StateName): Promise<Lookups> {
    const from = this.counts;
    const to = STATE_COUNTS[state];
    const range = (key: keyof Counts) => Array.from({ length: to[key] - from[key] }, (_, i) => from[key] + i + 1);
    if (from.results === 0 && to.results > 0)
      await this.api.put("/api/admin/results/publications", { ...PUBLISHED, is_published: true });
    // Batch 1: what depends on nothing.
    await inPool([
      ...range("students").map((k) => () => this.addStudent(k)),
      ...range("news").map((k) => () => this.addNews(k)),
      ...range("subjects").map((k) => () => this.addSubject(k)),
      ...range("periods").map((k) => () => this.addPeriod(k)),
    ]);
    // Batch 2: fees and results of the new students, teachers of the subjects.
    await inPool([
      ...range("fees").map((k) => () => this.addFee(k)),
      ...range("results").map((k) => () => this.addResult(k)),
      ...range("teachers").map((k) => () => this.addTeacher(k)),
      ...range("plans").map((k) => () => this.addPlan(k)),
    ]);
    // Plan 1 (KG-2, above every fee of that grade) gives the grade's new students their schedule.
    if (this.planIds[0] !== undefined) await this.api.post(`/api/admin/fee-plans/${this.planIds[0]}/apply`, {});
    // Batch 3: Prep-3 students choose a teacher for every active subject (the public API, as a student does).
    const prep3 = this.students.filter((s) => s.grade === "Prep-3" && s.active);
    await inPool(
      range("selections").map(() => () => this.select(prep3[this.selected++]!.no)),
      3,
    );
    this.counts = to;
    const found = this.students
      .filter((s) => s.result && s.active && (s.fee === "none" || s.fee === "paid"))
      .map((s) => s.no);
    return { results: found.reverse(), selection: prep3.map((s) => s.no).reverse() };
  }

  private studentNo(k: number) {
    return `3${String(this.runId).padStart(9, "0")}${String(k).padStart(4, "0")}`;
  }

  private async addStudent(k: number) {
    const grade: Grade = k <= 3 || k % 3 === 0 ? "Prep-3" : GRADES[k % GRADES.length]!;
    const lang = textLang(k);
    const fee =
      k > STATE_COUNTS.many.fees
        ? "none"
        : k === 3
          ? "partial"
          : k <= 3
            ? "paid"
            : (["paid", "partial", "unpaid"] as const)[k % 3]!;
    const row: StudentRow = {
      no: this.studentNo(k),
      active: k % 17 !== 0,
      grade,
      fee,
      result: k <= STATE_COUNTS.many.results,
    };
    this.students[k - 1] = row;
    await this.api.post("/api/students", {
      student_no: row.no,
      full_name: isLong(k) ? personName(lang, 200, k) : shortName(lang, k),
      nationality: lang === "ar" ? "مصري" : "Egyptian",
      religion: k % 4 === 0 ? null : lang === "ar" ? "مسلم" : "Christian",
      current_grade: grade,
      building_no: (k % 6) + 1,
      gender: k % 2 ? "male" : "female",
      is_active: row.active,
      // Two children per number (siblings), the 200-character names on the long items, every fifth without one.
      guardians:
        k % 5 === 0
          ? []
          : [
              {
                full_name: isLong(k) ? personName(lang, 200, k + 1) : shortName(lang, k + 1),
                relation: k % 2 ? "mother" : "father",
                phone: `0100${String(Math.ceil(k / 2)).padStart(7, "0")}`,
                whatsapp_consent: k % 3 !== 0,
              },
            ],
    });
  }

  private async addFee(k: number) {
    const s = this.students[k - 1]!;
    // The largest amounts the API takes on the long items, ordinary fees otherwise.
    const total = isLong(k) ? 9_999_999.99 : 12_000 + k * 250;
    const paid = s.fee === "paid" ? total : s.fee === "partial" ? Math.round(total * 45) / 100 : 0;
    if (k === 1) {
      // Paid through a payment (a receipt row), not the record's opening amount.
      await this.api.post("/api/fees", { student_id: s.no, grade: s.grade, total_amount: total, paid_amount: 0 });
      await this.api.send(
        "POST",
        `/api/fees/${s.no}/add-payment`,
        { payment_amount: total },
        { "Idempotency-Key": `matrix-${this.runId}-${k}` },
      );
    } else
      await this.api.post("/api/fees", { student_id: s.no, grade: s.grade, total_amount: total, paid_amount: paid });
  }

  private async addResult(k: number) {
    const s = this.students[k - 1]!;
    const lang = textLang(k);
    const subjects = k === 1 ? RESULT_SUBJECTS : RESULT_SUBJECTS.slice(0, k === 3 ? 1 : 5);
    await this.api.post("/api/admin/results", {
      student_id: s.no,
      ...PUBLISHED,
      subject_scores: subjects.map((subject_name, i) => ({
        subject_name,
        score: SAMPLE_MARKS[(i + k) % SAMPLE_MARKS.length],
        max_score: 100,
        remarks: k === 1 ? sentence(lang, 200, i) : null,
      })),
      remarks: isLong(k) ? sentence(lang, 500, k) : null,
    });
  }

  private async addNews(k: number) {
    const lang = textLang(k);
    const long = isLong(k);
    await this.api.post("/api/admin/news", {
      title: long ? sentence(lang, 255, k) : sentence(lang, 40 + (k % 5) * 10, k),
      summary: k === 3 ? null : long ? sentence(lang, 1000, k) : sentence(lang, 120, k),
      content: newsContent(lang, long ? 6 : 2, long ? 600 : 200),
      image_url: k === 3 ? `${this.api.base}/logo.svg` : null,
      author_name: long ? personName(lang, 100, k) : null,
      status: k <= 3 || k % 4 !== 0 ? "published" : k % 8 === 0 ? "archived" : "draft",
      publish_date: new Date(Date.now() - k * 3_600_000).toISOString(),
    });
  }

  private async addSubject(k: number) {
    const name = isLong(k) ? sentence(textLang(k), 100, k) : `${sentence(textLang(k), 24, k)} ${k}`;
    const { data } = await this.api.post<{ data: { id: number } }>("/api/admin/selection/subjects", {
      name,
      description: isLong(k) ? sentence(textLang(k), 1000, k) : null,
      max_selections: 10,
    });
    this.subjects[k - 1] = { id: data.id, name, teachers: [] };
  }

  private async addTeacher(k: number) {
    // Teacher k teaches subject k, then the subjects in turn: every subject has a teacher from its own round on.
    const subject = this.subjects[(k - 1) % this.subjects.length]!;
    const { data } = await this.api.post<{ data: { id: number } }>("/api/admin/selection/teachers", {
      full_name: isLong(k) ? personName(textLang(k), 150, k) : shortName(textLang(k), k),
      subject_name: subject.name,
      building_no: k % 2 ? "5" : "6",
      session_1_capacity: 35,
      session_2_capacity: k % 5 === 0 ? 0 : 35,
    });
    subject.teachers.push(data.id);
  }

  /**
   * Plan k is for the school's grade k + 1 (the 12th for KG-1), in the current academic year: tuition in four
   * instalments from 15 September on (the earlier ones already due, so overdue amounts show), and on the long items
   * two more lines, one with the longest name a line takes.
   */
  private async addPlan(k: number) {
    const year = academicYearOf(new Date());
    const lang = textLang(k);
    // The console's "4 equal instalments" (remainder piastres on the last) on the default due dates.
    const dates = defaultDueDates(year, 4);
    const tuitionPiastres = 4_000_000 + k * 100_025;
    const tuition = splitEqual(tuitionPiastres, 4).map((amount, i) => ({
      no: i + 1,
      due_date: dates[i]!,
      amount: amount / 100,
    }));
    const extra = (name: string, amount: number, date: string) => ({
      name,
      total: amount,
      instalments: [{ no: 1, due_date: date, amount }],
    });
    const [y1] = year.split("-");
    const lines = [
      {
        name: isLong(k) ? sentence(lang, 60, k) : lang === "ar" ? "المصروفات الدراسية" : "Tuition",
        total: tuitionPiastres / 100,
        instalments: tuition,
      },
      ...(isLong(k)
        ? [
            extra(sentence(lang === "ar" ? "en" : "ar", 60, k + 1), 1_200, `${y1}-10-01`),
            extra(lang === "ar" ? "الكتب" : "Books", 850.5, `${y1}-09-20`),
          ]
        : []),
    ];
    const { plan } = await this.api.post<{ plan: { id: number } }>("/api/admin/fee-plans", {
      academic_year_name: year,
      grade: GRADES[k % GRADES.length],
      lines,
    });
    this.planIds[k - 1] = plan.id;
  }

  private async addPeriod(k: number) {
    const day = 86_400_000;
    const now = Date.now();
    // Period 1 is the open one; the others are past or future, inactive.
    const [start, end] =
      k === 1
        ? [now - day, now + 30 * day]
        : k % 2
          ? [now - (60 + k) * day, now - (30 + k) * day]
          : [now + (30 + k) * day, now + (60 + k) * day];
    await this.api.post("/api/admin/selection/periods", {
      period_name: isLong(k) ? sentence(textLang(k), 200, k) : `${sentence(textLang(k), 30, k)} ${k}`,
      start_date: new Date(start).toISOString(),
      end_date: new Date(end).toISOString(),
      max_subjects: 10,
      is_active: k === 1,
      allow_changes: k % 2 === 1,
    });
  }

  private async select(studentNo: string) {
    await this.api.post("/api/public/selection/student/select", {
      student_id: studentNo,
      selections: this.subjects.map((s) => ({ subject_id: s.id, teacher_id: s.teachers[0]! })),
    });
  }
}

/**
 * The database's rules by name, and what breaking each one means to the API (docs/product.md#api-errors). SQLite
 * reports a broken rule only as English text ("CHECK constraint failed: fee_paid_chk", "UNIQUE constraint failed:
 * payments.idempotency_key", "FOREIGN KEY constraint failed"): `violation` reads that text in this one place, and
 * every service asks it by name, so a renamed constraint fails the typecheck and test/workers/db-constraints.test.ts
 * instead of silently turning a refusal into a 500.
 */
import type { Reason } from "./reasons";
import { causes } from "./lib/causes";

/**
 * Every named CHECK constraint, UNIQUE key, primary key (other than a row id) and refusing trigger of the schema (keys
 * by their columns, as SQLite names them), with
 * the reason an unexpected break of it is answered with (one whose text needs no parameters). A service that expects a break maps it itself (a fee's
 * `fee_paid_chk` is TOTAL_BELOW_PAID when the total is edited and PAYMENT_EXCEEDS_REMAINING when a payment lands).
 */
export const CONSTRAINTS = {
  // CHECK constraints: the rules that protect money, seats and marks.
  fee_paid_chk: "TOTAL_BELOW_PAID",
  fee_total_chk: "INVALID_INPUT",
  fee_inst_paid_chk: "PAYMENT_EXCEEDS_REMAINING",
  fee_plan_inst_amount_chk: "PAYMENT_AMOUNT_INVALID",
  payments_amount_chk: "PAYMENT_AMOUNT_INVALID",
  payments_kind_chk: "INVALID_INPUT",
  online_payments_amount_chk: "ONLINE_AMOUNT_INVALID",
  online_payments_status_chk: "INVALID_INPUT",
  online_payments_credit_chk: "CONFLICT",
  online_payment_parts_amount_chk: "ONLINE_AMOUNT_INVALID",
  online_payment_parts_split_chk: "CONFLICT",
  online_refund_parts_split_chk: "CONFLICT",
  unrecorded_refunds_reason_chk: "INVALID_INPUT",
  unrecorded_refunds_amount_chk: "INVALID_INPUT",
  news_status_chk: "NEWS_STATUS_REQUIRED",
  news_title_len_chk: "INVALID_INPUT",
  periods_dates_chk: "PERIOD_IS_ACTIVE",
  periods_max_subjects_chk: "INVALID_INPUT",
  pub_semester_chk: "SEMESTER_INVALID",
  results_semester_chk: "SEMESTER_INVALID",
  registrations_update_once_chk: "UPDATE_USED",
  scores_range_chk: "MARKS_ABOVE_TOTAL",
  scores_absent_chk: "ABSENT_WITH_MARKS",
  selections_session_chk: "INVALID_INPUT",
  students_building_chk: "BUILDING_RANGE",
  students_gender_chk: "GENDER_INVALID",
  subjects_max_sel_chk: "INVALID_INPUT",
  teachers_building_chk: "TEACHER_BUILDING_INVALID",
  teachers_cap1_chk: "CONFLICT",
  teachers_cap2_chk: "CONFLICT",
  teachers_seats1_chk: "NO_SEATS_ANY",
  teachers_seats2_chk: "NO_SEATS_ANY",
  guardians_position_chk: "GUARDIANS_TOO_MANY",
  guardians_relation_chk: "INVALID_INPUT",
  guardians_language_chk: "INVALID_INPUT",
  messages_kind_chk: "INVALID_INPUT",
  messages_status_chk: "INVALID_INPUT",
  messages_channel_chk: "INVALID_INPUT",
  rollover_runs_state_chk: "INVALID_INPUT",
  academic_years_state_chk: "INVALID_INPUT",
  academic_years_name_chk: "INVALID_INPUT",
  academic_years_dates_chk: "INVALID_INPUT",
  enrolments_outcome_chk: "INVALID_INPUT",
  enrolments_building_chk: "BUILDING_RANGE",
  family_codes_attempts_chk: "FAMILY_CODE_INVALID",
  // UNIQUE keys.
  "admin_sessions.token_hash": "CONFLICT",
  "admins.username": "STAFF_USERNAME_TAKEN",
  "fee_instalments.fee_record_id, fee_instalments.seq": "FEE_CHANGED_MEANWHILE",
  "fee_plan_instalments.plan_id, fee_plan_instalments.line_position, fee_plan_instalments.no": "CONFLICT",
  "fee_plans.academic_year_name, fee_plans.grade": "PLAN_EXISTS",
  "fee_records.student_id, fee_records.academic_year_name": "FEE_EXISTS",
  "academic_years.name": "ACADEMIC_YEAR_EXISTS",
  // The partial index that keeps one year current.
  "academic_years.state": "ACADEMIC_YEAR_NOT_NEXT",
  "enrolments.student_id, enrolments.academic_year_name": "CONFLICT",
  "import_runs.idempotency_key": "IMPORT_CHANGED_MEANWHILE",
  "payments.idempotency_key": "IDEMPOTENCY_MISMATCH",
  "online_payments.public_id": "CONFLICT",
  "online_payments.order_id": "CONFLICT",
  "online_payments.idempotency_key": "IDEMPOTENCY_MISMATCH",
  "online_payments.receipt_token": "CONFLICT",
  "online_payments.transaction_id": "CONFLICT",
  "online_payment_parts.online_payment_id, online_payment_parts.student_id": "FAMILY_PAY_NO_CHILD",
  "online_payment_parts.online_payment_id, online_payment_parts.position": "CONFLICT",
  "online_refund_parts.refund_id, online_refund_parts.part_id": "CONFLICT",
  "unrecorded_refunds.transaction_id": "CONFLICT",
  "paymob_transactions.transaction_id, paymob_transactions.kind": "CONFLICT",
  "paymob_transactions.online_payment_id": "CONFLICT",
  "payments.receipt_no": "CONFLICT",
  "payments.receipt_token": "CONFLICT",
  "payments.academic_year, payments.sequence": "CONFLICT",
  "selection_periods.is_active": "CONFLICT",
  "selection_attempts.student_no, selection_attempts.request_key": "SELECTION_SAVED_MEANWHILE",
  "results.student_id, results.academic_year_name, results.semester": "RESULT_DUPLICATE",
  "selection_subjects.name": "SUBJECT_DUPLICATE",
  "student_selections.student_id, student_selections.subject_id": "SELECTION_SAVED_MEANWHILE",
  "students.student_no": "STUDENT_DUPLICATE",
  "student_guardians.student_id, student_guardians.position": "CONFLICT",
  "messages.msg_key": "CONFLICT",
  "teachers.teacher_code": "TEACHER_CODE_UNAVAILABLE",
  "rollover_runs.from_year": "ROLLOVER_CHANGED_MEANWHILE",
  "guardian_sessions.token_hash": "CONFLICT",
  // Primary keys other than a row id (most are written with ON CONFLICT; a break means a race).
  "login_attempts.username, login_attempts.client": "CONFLICT",
  "news_view_marks.news_id, news_view_marks.client, news_view_marks.hour": "CONFLICT",
  "receipt_counters.academic_year": "CONFLICT",
  "result_publications.academic_year_name, result_publications.semester": "CONFLICT",
  "school_settings.key": "CONFLICT",
  "family_preferences.phone": "CONFLICT",
  "selection_registrations.student_id": "SELECTION_SAVED_MEANWHILE",
  "staff_assignments.staff_id, staff_assignments.grade, staff_assignments.subject_name": "CONFLICT",
  "rollover_run_students.run_id, rollover_run_students.student_id": "ROLLOVER_CHANGED_MEANWHILE",
  // The Reports page's kept figures (written only by triggers, always ON CONFLICT: a break means a race).
  "report_receipt_hours.academic_year_name, report_receipt_hours.hour, report_receipt_hours.kind, report_receipt_hours.source":
    "CONFLICT",
  "report_mark_percents.academic_year_name, report_mark_percents.semester, report_mark_percents.subject_name, report_mark_percents.percent":
    "CONFLICT",
  // Triggers that refuse a write, raising "TRIGGER constraint failed: <name>".
  admins_last_administrator: "LAST_ADMINISTRATOR",
  paymob_refund_cap: "CONFLICT",
} as const satisfies Record<string, Reason>;

/** A named rule of the schema. */
export type ConstraintName = keyof typeof CONSTRAINTS;

/** A rule a write broke: a named one, a foreign key (a row referred to is gone, or still referred to), or NOT NULL. */
export type Violation =
  | { kind: "named"; name: ConstraintName }
  | { kind: "foreign_key" }
  | { kind: "not_null"; column: string }
  | { kind: "unknown"; message: string };

const NAMED = /(?:CHECK|UNIQUE|TRIGGER) constraint failed: ([^\n]+?)\s*$/i;

function readViolation(message: string): Violation | null {
  if (/FOREIGN KEY constraint failed/i.test(message)) return { kind: "foreign_key" };
  const notNull = /NOT NULL constraint failed: ([\w.]+)/i.exec(message);
  if (notNull) return { kind: "not_null", column: notNull[1]! };
  const named = NAMED.exec(message.split("\n")[0]!);
  if (named && named[1]! in CONSTRAINTS) return { kind: "named", name: named[1] as ConstraintName };
  return /constraint failed/i.test(message) ? { kind: "unknown", message } : null;
}

/**
 * The database rule behind a failed write (drizzle and the libSQL client wrap the server's error: the cause chain is
 * searched), or null when the failure was not a broken rule (an outage, a timeout, a bug).
 */
export function violation(err: unknown): Violation | null {
  for (const e of causes(err)) {
    const code = String(e.code ?? "");
    const message = String(e.message ?? "");
    if (code.startsWith("SQLITE_CONSTRAINT") || /constraint failed/i.test(message)) {
      const found = readViolation(message);
      if (found) return found;
    }
  }
  return null;
}

/** True when `err` broke the named rule `name` (one of them when given several). */
export function broke(err: unknown, ...names: ConstraintName[]): boolean {
  const v = violation(err);
  return v?.kind === "named" && names.includes(v.name);
}

/** True when `err` broke a foreign key. */
export function brokeForeignKey(err: unknown): boolean {
  return violation(err)?.kind === "foreign_key";
}

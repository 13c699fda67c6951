/**
 * Every reason the API can give for refusing a request (docs/product.md#api-errors): a stable machine-readable name,
 * the error `code` it is answered with, and its English text. The console never reads the English: it looks the reason
 * up in its dictionaries (web/i18n/{ar,en}/errors.ts), so rewording a text here changes no translation.
 * Dependency-free: the shared zod schemas and the console import it.
 *
 * Texts may hold `{param}` placeholders. `{field}` names a field through `FIELDS` (English label here, `errors.fields`
 * in the dictionaries); other params are numbers or words given where the reason is raised.
 *
 * A zod schema names its reason through `reason()` as its message, e.g. `z.string().min(1, reason("REQUIRED",
 * { field: "name" }))`; the validation hook (worker/validate.ts) turns it into the English text and an `issues`
 * entry with the reason, and the console's forms turn it into the admin's language (web/lib/reason-text.ts).
 */

/** The API's error codes (docs/product.md#api-errors; one HTTP status each, worker/errors.ts). */
export type ErrorCode =
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "URI_TOO_LONG"
  | "HEADERS_TOO_LARGE"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL";

type Entry = readonly [ErrorCode, string];

export const REASONS = {
  // General
  INVALID_INPUT: ["VALIDATION_FAILED", "Invalid input"],
  MALFORMED_JSON: ["VALIDATION_FAILED", "Malformed JSON in request body"],
  AUTH_REQUIRED: ["UNAUTHORIZED", "Authentication required"],
  SESSION_EXPIRED: ["UNAUTHORIZED", "Session expired or invalid. Please login again."],
  FORBIDDEN: ["FORBIDDEN", "Forbidden"],
  ROUTE_NOT_FOUND: ["NOT_FOUND", "API route not found"],
  NOT_FOUND: ["NOT_FOUND", "Not found"],
  CONFLICT: ["CONFLICT", "The change conflicts with existing data"],
  UNPROCESSABLE: ["UNPROCESSABLE", "The request cannot be processed"],
  PAYLOAD_TOO_LARGE: ["PAYLOAD_TOO_LARGE", "Request body is too large"],
  UNSUPPORTED_MEDIA_TYPE: ["UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON (Content-Type: application/json)"],
  // Answered by the edge (locally scripts/lib/front.ts) before the Worker reads the request.
  URL_TOO_LONG: ["URI_TOO_LONG", "The address (URL) is too long"],
  HEADERS_TOO_LARGE: ["HEADERS_TOO_LARGE", "The request's address or headers are too large"],
  RATE_LIMITED: ["RATE_LIMITED", "Too many requests. Please wait a minute and try again."],
  SERVICE_UNAVAILABLE: ["SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again shortly."],
  DATABASE_UNAVAILABLE: ["SERVICE_UNAVAILABLE", "Database unavailable"],
  INTERNAL: ["INTERNAL", "Internal server error"],

  // Any field
  REQUIRED: ["VALIDATION_FAILED", "{field} is required"],
  TOO_LONG: ["VALIDATION_FAILED", "{field} must be at most {max} characters"],
  UNKNOWN_VALUE: ["VALIDATION_FAILED", "Unknown {field}"],
  NOT_BOOLEAN: ["VALIDATION_FAILED", "{field} must be true or false"],
  NUMBER_INVALID: ["VALIDATION_FAILED", "{field} must be a number"],
  NUMBER_NEGATIVE: ["VALIDATION_FAILED", "{field} cannot be negative"],
  NUMBER_WHOLE: ["VALIDATION_FAILED", "{field} must be a whole number"],
  NUMBER_DECIMALS: ["VALIDATION_FAILED", "{field} can have at most {decimals} decimal places"],
  NUMBER_MIN: ["VALIDATION_FAILED", "{field} must be at least {min}"],
  NUMBER_MAX: ["VALIDATION_FAILED", "{field} must be at most {max}"],
  WHOLE_BETWEEN: ["VALIDATION_FAILED", "{field} must be a whole number between {min} and {max}"],
  AMOUNT_TOO_LARGE: ["VALIDATION_FAILED", "{field} cannot exceed 10,000,000 EGP"],

  // Lists
  PAGE_INVALID: ["VALIDATION_FAILED", "page must be a whole number from 1"],
  PAGE_TOO_LARGE: ["VALIDATION_FAILED", "page is too large"],
  LIMIT_INVALID: ["VALIDATION_FAILED", "limit must be one of 15, 20, 30, 50"],
  SORT_ORDER_INVALID: ["VALIDATION_FAILED", "sortOrder must be asc or desc"],
  SORT_BY_INVALID: ["VALIDATION_FAILED", "sortBy must be one of {fields}"],
  SEARCH_TOO_LONG: ["VALIDATION_FAILED", "Search must be at most 100 characters"],

  // Students
  STUDENT_NO_REQUIRED: ["VALIDATION_FAILED", "ID is required"],
  STUDENT_NO_FORMAT: [
    "VALIDATION_FAILED",
    "ID must be a 14-digit national ID or a passport number (5-20 letters and digits)",
  ],
  STUDENT_ID_INVALID: ["VALIDATION_FAILED", "Invalid student id"],
  SECTION_INVALID: ["VALIDATION_FAILED", "A class section is up to 10 letters, digits, / or -, e.g. 3/2"],
  GRADE_REQUIRED: ["VALIDATION_FAILED", "Grade is required"],
  GRADE_UNKNOWN: ["VALIDATION_FAILED", "Unknown grade"],
  BUILDING_REQUIRED: ["VALIDATION_FAILED", "Building is required"],
  BUILDING_RANGE: ["VALIDATION_FAILED", "Building must be between 1 and 6"],
  GENDER_INVALID: ["VALIDATION_FAILED", "Gender must be male or female"],
  STUDENT_NOT_FOUND: ["NOT_FOUND", "Student not found"],
  STUDENT_DUPLICATE: ["CONFLICT", "A student with this ID already exists"],
  STUDENT_HAS_HISTORY: [
    "CONFLICT",
    "This student has payment/result history and cannot be deleted. Mark the student inactive instead.",
  ],
  STUDENT_HAS_FEES: [
    "CONFLICT",
    "This student has a fee record, which only fee staff may delete. Mark the student inactive instead.",
  ],

  // Guardians and messages
  PHONE_INVALID: ["VALIDATION_FAILED", "Enter a mobile number such as 01001234567 or +201001234567"],
  GUARDIANS_TOO_MANY: ["VALIDATION_FAILED", "A student has at most 3 guardians"],
  MESSAGE_NOT_FOUND: ["NOT_FOUND", "Message not found"],
  MESSAGE_NOT_RETRYABLE: [
    "CONFLICT",
    "Only a failed message, or one still queued 15 minutes after its time, can be sent again",
  ],
  MESSAGE_NO_RECIPIENT: [
    "CONFLICT",
    "The student has no guardian to send it to: every guardian was removed or has opted out",
  ],
  WEBHOOK_SIGNATURE_INVALID: ["UNAUTHORIZED", "The webhook signature is missing or does not verify"],

  // Auth
  INVALID_CREDENTIALS: ["UNAUTHORIZED", "Invalid username or password"],
  PASSWORD_REQUIRED: ["VALIDATION_FAILED", "Password is required"],
  LOGIN_LOCKED: ["RATE_LIMITED", "Too many failed login attempts. Please try again later."],
  PASSWORD_FIELDS_REQUIRED: ["VALIDATION_FAILED", "All fields are required"],
  PASSWORD_MISMATCH: ["VALIDATION_FAILED", "New password and confirm password do not match"],
  PASSWORD_TOO_SHORT: ["VALIDATION_FAILED", "New password must be at least {min} characters long"],
  PASSWORD_SAME_AS_OLD: ["VALIDATION_FAILED", "New password must be different from current password"],
  PASSWORD_INCORRECT: ["VALIDATION_FAILED", "Current password is incorrect"],
  PASSWORD_CHANGE_LOCKED: ["RATE_LIMITED", "Too many wrong current passwords. Please try again later."],

  // Staff and roles
  FORBIDDEN_FOR_ROLE: ["FORBIDDEN", "Your role does not allow this"],
  PASSWORD_CHANGE_REQUIRED: ["FORBIDDEN", "Change your temporary password first"],
  TEACHER_NOT_ASSIGNED: ["FORBIDDEN", "You are not assigned to teach {subject} in {grade}"],
  RESULTS_TERM_PUBLISHED: ["FORBIDDEN", "Marks of a published term can only be changed by an administrator"],
  RESULT_GRADE_NOT_STUDENTS: [
    "FORBIDDEN",
    "Only an administrator can file a result under a grade other than the student's own",
  ],
  RESULT_FIELD_ADMIN_ONLY: ["FORBIDDEN", "Only an administrator can change this field of a result: {field}"],
  LAST_ADMINISTRATOR: ["CONFLICT", "The last active administrator cannot be deactivated or given another role"],
  STAFF_NOT_FOUND: ["NOT_FOUND", "Staff member not found"],
  STAFF_ID_INVALID: ["VALIDATION_FAILED", "Invalid staff ID"],
  STAFF_USERNAME_TAKEN: ["CONFLICT", "This username is already taken"],
  USERNAME_INVALID: ["VALIDATION_FAILED", "A username is 3 to 50 Latin letters, digits, dots, dashes or underscores"],
  STAFF_ROLE_INVALID: ["VALIDATION_FAILED", "Unknown role"],
  STAFF_SESSION_NOT_FOUND: ["NOT_FOUND", "Session not found"],

  // Fees and payments
  PAYMENT_AMOUNT_INVALID: ["VALIDATION_FAILED", "Please enter a valid payment amount"],
  PAID_ABOVE_TOTAL: ["VALIDATION_FAILED", "Paid amount cannot exceed the total amount"],
  TOTAL_BELOW_PAID: ["VALIDATION_FAILED", "Total amount cannot be less than the paid amount"],
  PAYMENT_EXCEEDS_REMAINING: ["VALIDATION_FAILED", "Payment exceeds the remaining amount"],
  IDEMPOTENCY_KEY_INVALID: ["VALIDATION_FAILED", "Idempotency-Key must be 1-255 visible ASCII characters"],
  FEE_NOT_FOUND: ["NOT_FOUND", "Fee record not found"],
  FEE_EXISTS: ["CONFLICT", "This student already has a fee record"],
  FEE_HAS_PAYMENTS: [
    "CONFLICT",
    "This fee record has payments with receipts and cannot be deleted. Edit the amounts instead; the payment history is kept.",
  ],
  IDEMPOTENCY_MISMATCH: ["UNPROCESSABLE", "Idempotency-Key was already used with a different request"],
  FEE_CHANGED_MEANWHILE: [
    "CONFLICT",
    "The fee record changed while this was being saved (a plan, a discount, a schedule or an edit was saved meanwhile). Reload and try again.",
  ],

  // Fee plans, instalments, discounts and school settings (docs/product.md#fee-plans)
  PLAN_YEAR_INVALID: ["VALIDATION_FAILED", "Academic year must be two consecutive years, e.g. 2024-2025"],
  PLAN_LINES_REQUIRED: ["VALIDATION_FAILED", "Add at least one fee line"],
  PLAN_LINES_TOO_MANY: ["VALIDATION_FAILED", "A plan can have at most {max} lines"],
  PLAN_LINE_REPEATED: ["VALIDATION_FAILED", "{line} is listed more than once"],
  PLAN_INSTALMENTS_REQUIRED: ["VALIDATION_FAILED", "Each fee line needs between 1 and {max} instalments"],
  PLAN_INSTALMENT_ORDER: ["VALIDATION_FAILED", "Instalments must be numbered 1, 2, 3 … with due dates in order"],
  PLAN_SUM_MISMATCH: [
    "VALIDATION_FAILED",
    "The instalments of {line} add up to {sum} EGP, not the line total of {total} EGP",
  ],
  DUE_DATE_INVALID: ["VALIDATION_FAILED", "Due date must be a date (YYYY-MM-DD)"],
  DUE_DATE_OUTSIDE_YEAR: ["VALIDATION_FAILED", "Due date must fall within the academic year ({start} to {end})"],
  PLAN_ID_INVALID: ["VALIDATION_FAILED", "Invalid fee plan id"],
  PLAN_NOT_FOUND: ["NOT_FOUND", "Fee plan not found"],
  PLAN_EXISTS: ["CONFLICT", "A fee plan for this grade and academic year already exists"],
  PLAN_APPLY_ERRORS: [
    "VALIDATION_FAILED",
    "Some students cannot take this plan. Preview the plan to see which, fix them, and apply again.",
  ],
  PLAN_APPLY_CHANGED_MEANWHILE: [
    "CONFLICT",
    "Fee records of this grade changed while the plan was being applied. Nothing was applied: preview the plan again.",
  ],
  DISCOUNT_ABOVE_TOTAL: ["VALIDATION_FAILED", "Discount cannot exceed the total amount"],
  DISCOUNT_REASON_REQUIRED: ["VALIDATION_FAILED", "Please give the reason for the discount"],
  DISCOUNT_KIND_INVALID: ["VALIDATION_FAILED", "Discount must be an amount or a percent"],
  DISCOUNT_NEEDS_SCHEDULE: ["CONFLICT", "Apply a fee plan to this student before giving a discount"],
  TOTAL_SET_BY_SCHEDULE: [
    "CONFLICT",
    "This fee record follows an instalment schedule: its total is the schedule's sum. Change the plan or the discount instead.",
  ],
  SETTING_VALUE_INVALID: ["VALIDATION_FAILED", "{field} must be one of {values}"],

  // Results
  MARKS_REQUIRED: ["VALIDATION_FAILED", "Marks are required"],
  TOTAL_REQUIRED: ["VALIDATION_FAILED", "Total is required"],
  MARKS_ABOVE_TOTAL: ["VALIDATION_FAILED", "Marks cannot be more than the total"],
  ABSENT_WITH_MARKS: ["VALIDATION_FAILED", "An absent subject has no marks: leave the marks empty"],
  RESULT_SUBJECT_REQUIRED: ["VALIDATION_FAILED", "Please select a subject"],
  RESULT_SUBJECT_UNKNOWN: ["VALIDATION_FAILED", "Unknown subject"],
  RESULT_SUBJECT_REPEATED: ["VALIDATION_FAILED", "{subject} is listed more than once"],
  RESULT_SUBJECTS_REQUIRED: ["VALIDATION_FAILED", "Add at least one subject"],
  ACADEMIC_YEAR_REQUIRED: ["VALIDATION_FAILED", "Academic Year is required"],
  SEMESTER_REQUIRED: ["VALIDATION_FAILED", "Semester is required"],
  SEMESTER_INVALID: ["VALIDATION_FAILED", "Semester must be S1 or S2"],
  RESULT_SEARCH_TOO_LONG: ["VALIDATION_FAILED", "Search is too long"],
  RESULT_ID_INVALID: ["VALIDATION_FAILED", "Invalid result id"],
  RESULT_NOT_FOUND: ["NOT_FOUND", "Result not found"],
  RESULT_DUPLICATE: ["CONFLICT", "A result for this student, academic year and semester already exists"],
  NATIONAL_ID_REQUIRED: ["VALIDATION_FAILED", "National ID is required"],
  NATIONAL_ID_INVALID: ["VALIDATION_FAILED", "Invalid national ID"],
  RESULTS_NOT_FOUND: ["NOT_FOUND", "Student not found or no results available"],
  RESULTS_NOT_PUBLISHED: ["FORBIDDEN", "Results not yet published"],
  RESULTS_FEES_UNPAID: ["FORBIDDEN", "Fees are not fully paid"],

  // News
  NEWS_TEXT_TOO_LONG: ["VALIDATION_FAILED", "{field} is too long"],
  NEWS_IMAGE_URL_INVALID: ["VALIDATION_FAILED", "Image URL must be a valid URL"],
  NEWS_STATUS_REQUIRED: ["VALIDATION_FAILED", "Status is required"],
  NEWS_DATE_INVALID: ["VALIDATION_FAILED", "Publish date must be a valid date"],
  NEWS_DATE_OUT_OF_RANGE: ["VALIDATION_FAILED", "Publish date is out of range"],
  NEWS_ID_INVALID: ["VALIDATION_FAILED", "Invalid id"],
  NEWS_NOT_FOUND: ["NOT_FOUND", "News not found"],

  // Course selection (admin)
  SELECTION_ID_INVALID: ["VALIDATION_FAILED", "Invalid id"],
  SUBJECT_DESCRIPTION_NOT_TEXT: ["VALIDATION_FAILED", "Description must be text"],
  SUBJECT_NOT_FOUND: ["NOT_FOUND", "Subject not found"],
  SUBJECT_DUPLICATE: ["CONFLICT", "A subject with this name already exists"],
  SUBJECT_IN_USE: [
    "CONFLICT",
    "This subject has teachers or selections and cannot be deleted. Mark it inactive instead.",
  ],
  SUBJECT_NOT_ACTIVE: ["VALIDATION_FAILED", "Subject must be an active subject"],
  TEACHER_BUILDING_INVALID: ["VALIDATION_FAILED", "Building must be 5 or 6"],
  TEACHER_NOT_FOUND: ["NOT_FOUND", "Teacher not found"],
  TEACHER_HAS_SELECTIONS: [
    "CONFLICT",
    "This teacher has student selections and cannot be deleted. Mark the teacher inactive instead.",
  ],
  TEACHER_SUBJECT_LOCKED: ["CONFLICT", "This teacher has student selections and cannot be moved to another subject"],
  TEACHER_CAPACITY_BELOW_TAKEN: [
    "CONFLICT",
    "Capacity cannot be below the seats already taken ({taken} in session {session})",
  ],
  TEACHER_CODE_UNAVAILABLE: ["CONFLICT", "Could not allocate a teacher code. Please try again."],
  PERIOD_DATE_NO_ZONE: ["VALIDATION_FAILED", "{field} must be a date-time with a time zone, e.g. 2025-09-01T08:00:00Z"],
  PERIOD_DATE_OUT_OF_RANGE: ["VALIDATION_FAILED", "{field} is out of range"],
  PERIOD_END_BEFORE_START: ["VALIDATION_FAILED", "End date must be after start date"],
  PERIOD_NOT_FOUND: ["NOT_FOUND", "Selection period not found"],
  PERIOD_IS_ACTIVE: ["CONFLICT", "Deactivate the period before deleting it"],
  SELECTIONS_NOT_FOUND: ["NOT_FOUND", "No selections found for this student"],

  // Teacher selection (public)
  SELECTION_STUDENT_ID_REQUIRED: ["VALIDATION_FAILED", "Student ID is required"],
  SELECTION_STUDENT_ID_INVALID: ["VALIDATION_FAILED", "Invalid student ID"],
  SELECTIONS_REQUIRED: ["VALIDATION_FAILED", "At least one selection is required"],
  SELECTIONS_TOO_MANY: ["VALIDATION_FAILED", "Too many selections"],
  NO_ACTIVE_PERIOD: ["FORBIDDEN", "No active selection period found."],
  PERIOD_NOT_OPEN: ["FORBIDDEN", "Selection period is not currently active."],
  SELECTION_NOT_ELIGIBLE: ["FORBIDDEN", "Teacher selection is only available to active Prep-3 students."],
  SELECTION_INCOMPLETE: ["VALIDATION_FAILED", "Please choose a teacher for all {required} subjects."],
  SELECTION_TEACHER_MISMATCH: [
    "VALIDATION_FAILED",
    "A chosen teacher does not teach that subject, or is not available.",
  ],
  UPDATE_USED: ["FORBIDDEN", "You have already used your one allowed update."],
  CHANGES_NOT_ALLOWED: ["FORBIDDEN", "Changes are not allowed in this selection period."],
  UPDATE_DEADLINE_PASSED: ["FORBIDDEN", "The update deadline has passed."],
  NO_SEATS: ["CONFLICT", "No seats left with {teacher} for {subject}. Please choose another teacher."],
  NO_SEATS_ANY: ["CONFLICT", "No seats left for one of the chosen teachers. Please choose again."],
  SELECTION_SAVED_MEANWHILE: [
    "CONFLICT",
    "Your selections were just saved by another request. Please reload the page.",
  ],
  SELECTION_STATE_CHANGED: [
    "FORBIDDEN",
    "The selection could not be saved because the selection period or your registration changed. Please reload the page.",
  ],

  // Audit log
  AUDIT_DATE_INVALID: ["VALIDATION_FAILED", "{field} must be a date (YYYY-MM-DD)"],

  // Bulk import (docs/product.md#bulk-import)
  IMPORT_KIND_UNKNOWN: ["VALIDATION_FAILED", "Unknown import kind: students, fees, results or teachers"],
  IMPORT_NO_ROWS: ["VALIDATION_FAILED", "The file has no data rows"],
  IMPORT_TOO_MANY_ROWS: ["PAYLOAD_TOO_LARGE", "At most {max} rows can be imported at once"],
  IMPORT_KEY_REQUIRED: ["VALIDATION_FAILED", "A commit needs an Idempotency-Key header"],
  IMPORT_HAS_ERRORS: ["VALIDATION_FAILED", "Some rows have errors: nothing was imported"],
  IMPORT_DUPLICATE_ROW: ["VALIDATION_FAILED", "The same record is already in row {row} of this file"],
  IMPORT_ID_SCIENTIFIC: [
    "VALIDATION_FAILED",
    "The ID was stored as a number in scientific notation and lost digits: format the column as text",
  ],
  IMPORT_ID_NUMERIC: [
    "VALIDATION_FAILED",
    "The ID {id} was stored as a number, which drops leading zeros: format the column as text and type the ID as written",
  ],
  IMPORT_PAID_DIFFERS: [
    "VALIDATION_FAILED",
    "The paid amount differs from the payments recorded ({paid} EGP): record payments on the Fees page",
  ],
  IMPORT_YEAR_CLOSED: [
    "VALIDATION_FAILED",
    "Academic year {year} is closed: it takes no new fee accounts or enrolments (its accounts still take payments)",
  ],
  IMPORT_CHANGED_MEANWHILE: ["CONFLICT", "The records changed while importing: run the preview again"],

  // Online payments (docs/product.md#online-payments)
  PUBLIC_FEES_NOT_FOUND: ["NOT_FOUND", "Student not found or no fees to pay"],
  ONLINE_AMOUNT_INVALID: ["VALIDATION_FAILED", "The amount must be at least 1 EGP and at most the remaining amount"],
  ONLINE_NOTHING_DUE: ["VALIDATION_FAILED", "Nothing is due for this choice"],
  ONLINE_PAYMENTS_DISABLED: ["SERVICE_UNAVAILABLE", "Online payment is not available at the moment"],
  PAYMENT_GATEWAY_UNAVAILABLE: [
    "SERVICE_UNAVAILABLE",
    "The payment gateway did not answer. Nothing was charged; please try again shortly.",
  ],
  PAYMOB_HMAC_INVALID: ["UNAUTHORIZED", "The callback's signature is missing or wrong"],
  PAYMOB_CALLBACK_INVALID: ["VALIDATION_FAILED", "The callback does not describe a transaction"],
  ONLINE_PAYMENT_NOT_FOUND: ["NOT_FOUND", "Payment not found"],
  UNRECORDED_REFUND_NOT_FOUND: ["NOT_FOUND", "No refund not recorded has this transaction"],
  UNRECORDED_REFUND_CLOSED: ["CONFLICT", "This refund was settled or recorded meanwhile: reload the list"],

  // Academic years (docs/product.md#academic-years-and-rollover)
  ACADEMIC_YEAR_INVALID: ["VALIDATION_FAILED", "An academic year is two consecutive years written YYYY-YYYY"],
  ACADEMIC_YEAR_UNKNOWN: [
    "VALIDATION_FAILED",
    "Academic year {year} does not exist: an administrator adds it on the Academic years page",
  ],
  ACADEMIC_YEAR_NOT_FOUND: ["NOT_FOUND", "Academic year not found"],
  ACADEMIC_YEAR_EXISTS: ["CONFLICT", "The next academic year was created meanwhile: reload the list"],
  ACADEMIC_YEAR_CLOSED: ["CONFLICT", "This academic year is closed: its dates and state no longer change"],
  ACADEMIC_YEAR_NOT_NEXT: ["CONFLICT", "Only the next upcoming academic year can be made current"],
  ACADEMIC_YEAR_NOT_CURRENT: ["CONFLICT", "Only the current academic year can be closed"],
  ACADEMIC_YEAR_NEXT_MISSING: [
    "CONFLICT",
    "Create the next academic year first: closing this one makes the next one current",
  ],
  ACADEMIC_YEAR_DATE_INVALID: [
    "VALIDATION_FAILED",
    "Every date of the academic year is required: {field} must be a date (YYYY-MM-DD)",
  ],
  ACADEMIC_YEAR_DATES_INVALID: [
    "VALIDATION_FAILED",
    "The dates must run in order (the year's start, term 1, term 2, the year's end) and the year must start in {year}",
  ],
  ACADEMIC_YEAR_CLOSED_MARKS: [
    "FORBIDDEN",
    "Academic year {year} is closed: only an administrator can change its marks",
  ],

  // The year-end rollover (docs/product.md#the-year-end-rollover)
  ROLLOVER_NO_CURRENT_YEAR: ["CONFLICT", "There is no current academic year to close"],
  ROLLOVER_YEAR_ORDER: ["VALIDATION_FAILED", "The next year must come after the year being closed ({year})"],
  ROLLOVER_YEAR_CLOSED: ["CONFLICT", "Academic year {year} is closed: choose a later year"],
  ROLLOVER_EXCEPTIONS_INVALID: [
    "VALIDATION_FAILED",
    "Some exceptions name students who are not in the year being closed: remove them and try again",
  ],
  ROLLOVER_NOT_FOUND: ["NOT_FOUND", "No applied rollover of this year to undo"],
  ROLLOVER_UNDO_LOCKED: [
    "CONFLICT",
    "The new year already has payments or results: the rollover can no longer be undone",
  ],
  ROLLOVER_RUNNING: ["CONFLICT", "The rollover is still running: finish it (apply again) before undoing it"],
  ROLLOVER_CHANGED_MEANWHILE: ["CONFLICT", "Students changed while the rollover ran: apply again to continue"],

  // Printing
  RECEIPT_NOT_FOUND: ["NOT_FOUND", "Receipt not found"],
  PRINT_TERM_REQUIRED: ["VALIDATION_FAILED", "Choose an academic year and a semester to print report cards"],

  // Family accounts
  FAMILY_PHONE_INVALID: ["VALIDATION_FAILED", "Enter a mobile number, e.g. 01001234567"],
  FAMILY_CODE_INVALID: ["UNAUTHORIZED", "Wrong or expired code. Check it, or ask for a new one"],
  FAMILY_CODE_LOCKED: ["RATE_LIMITED", "Too many wrong codes: ask for a new code"],
  FAMILY_CODES_LIMIT: ["RATE_LIMITED", "Three codes were sent to this number in the last hour. Please try later"],
  FAMILY_SIGN_IN_REQUIRED: ["UNAUTHORIZED", "Please sign in with your mobile number"],
  FAMILY_CROSS_SITE: ["FORBIDDEN", "This request did not come from the school's own pages"],
  FAMILY_CHILD_NOT_FOUND: ["NOT_FOUND", "No such child on this account"],
  FAMILY_SESSION_NOT_FOUND: ["NOT_FOUND", "No such sign-in"],
  FAMILY_GUARDIAN_NOT_FOUND: ["NOT_FOUND", "No student has a guardian with this mobile number"],
  FAMILY_INVITE_OPTED_OUT: [
    "CONFLICT",
    "This guardian replied STOP to the school's messages: no invitation can be sent. Give them the link yourself",
  ],
  FAMILY_INVITE_ALREADY_SENT: ["CONFLICT", "This number was already invited today. You can invite it again tomorrow"],
  FAMILY_PAY_NO_CHILD: ["VALIDATION_FAILED", "Choose at least one child to pay for, each child once"],
} as const satisfies Record<string, Entry>;

export type Reason = keyof typeof REASONS;

/** English labels of the fields that generic reasons (`{field}`) name. */
export const FIELDS = {
  // Students
  name: "Name",
  nationality: "Nationality",
  religion: "Religion",
  is_active: "is_active",
  grade: "grade",
  gender: "gender",
  status: "status",
  building: "building",
  page: "page",
  guardians: "Guardians",
  phone: "Mobile number",
  relation: "Relation",
  language: "Language",
  whatsapp_consent: "WhatsApp consent",
  send_hour: "Sending hour",

  // Auth
  username: "Username",
  password: "Password",
  display_name: "Display name",
  role: "Role",
  assignments: "Assignments",

  // Fees and payments
  student_id: "Student ID",
  total_amount: "Total amount",
  paid_amount: "Paid amount",
  payment_amount: "Payment amount",

  // Fee plans, instalments, discounts and school settings
  academic_year_name: "Academic year",
  lines: "Fee lines",
  line_name: "Line name",
  line_total: "Line total",
  instalments: "Instalments",
  due_date: "Due date",
  amount: "Amount",
  discount: "Discount",
  discount_reason: "Discount reason",
  due_within_days: "Due within (days)",
  results_fee_rule: "Results fee rule",
  results_absent_rule: "Absent subjects rule",

  // Results
  marks: "Marks",
  total: "Total",
  absent: "Absent",
  student_name: "Student name",
  academic_year: "academic year",
  semester: "semester",
  remarks: "Remarks",
  is_published: "is_published",
  exam_type: "Exam type",
  exam_date: "Date",

  // News
  title: "Title",
  settle_note: "Note",
  summary: "Summary",
  content: "Content",
  image_url: "Image URL",
  author_name: "Author",
  priority: "Priority",
  search: "Search",
  limit: "limit",

  // Course selection (admin)
  max_selections: "Max selections",
  capacity_1: "Session 1 capacity",
  capacity_2: "Session 2 capacity",
  max_subjects: "Max subjects",
  description: "Description",
  full_name: "Full name",
  subject: "Subject",
  active: "Status",
  period_name: "Period name",
  start_date: "Start date",
  end_date: "End date",
  allow_changes: "Allow changes",

  // Teacher selection (public)

  // Academic years
  term1_start: "Term 1 start",
  term1_end: "Term 1 end",
  term2_start: "Term 2 start",
  term2_end: "Term 2 end",

  // Bulk import
  rows: "rows",
  building_no: "Building",
  student_no: "ID",
  current_grade: "Grade",
  subject_scores: "Subjects",
  teacher_code: "Teacher code",

  // Audit log
  entity: "entity",
  entity_id: "entity_id",
  admin: "admin",
  from: "from",
  to: "to",
} as const satisfies Record<string, string>;

export type Field = keyof typeof FIELDS;

/** Parameters of a reason: a field name and numbers or words for its placeholders. */
export type ReasonParams = { field?: Field } & Record<string, string | number>;

/** The error code a reason is answered with. */
export const codeOf = (reason: Reason): ErrorCode => REASONS[reason][0];

/** True when `value` names a reason of the catalogue. */
export const isReason = (value: unknown): value is Reason => typeof value === "string" && Object.hasOwn(REASONS, value);

/**
 * A reason as a zod message: `"REASON"` or `"REASON|key=value|…"` (values without `|` or `=`). The validation hook
 * and the console's forms read it back with `parseReason`.
 */
export function reason(name: Reason, params?: ReasonParams): string {
  const parts = Object.entries(params ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [name, ...parts].join("|");
}

/** The reason and params of a `reason()` message; null for any other text (e.g. zod's own messages). */
export function parseReason(message: string | undefined): { reason: Reason; params: ReasonParams } | null {
  if (!message) return null;
  const [name, ...parts] = message.split("|");
  if (!isReason(name)) return null;
  const params: Record<string, string | number> = {};
  for (const part of parts) {
    const i = part.indexOf("=");
    if (i <= 0) return null;
    const raw = part.slice(i + 1);
    params[part.slice(0, i)] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return { reason: name, params: params as ReasonParams };
}

/** The English text of a reason with its params filled in (`{field}` through `FIELDS`). */
export function englishOf(name: Reason, params: ReasonParams = {}): string {
  return REASONS[name][1].replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = (params as Record<string, string | number | undefined>)[key];
    if (v === undefined) return whole;
    if (key === "field") return (FIELDS as Record<string, string>)[String(v)] ?? String(v);
    return String(v);
  });
}

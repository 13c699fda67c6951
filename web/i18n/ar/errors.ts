/**
 * Arabic texts of the API's reasons (worker/reasons.ts; web/lib/reason-text.ts). Every reason must have one: the type
 * check fails when a reason is added without its Arabic text. `KEY_<field>` is a variant for one field (i18next
 * context) where Arabic grammar needs it; `_one`, `_two`, `_few`, `_many`, `_other` are the plural forms of a count.
 */
import type { Field, Reason } from "@worker/reasons";

const fields: Record<Field, string> = {
  // Students
  name: "الاسم",
  nationality: "الجنسية",
  religion: "الديانة",
  is_active: "الحالة",
  grade: "الصف",
  gender: "النوع",
  status: "الحالة",
  building: "المبنى",
  page: "رقم الصفحة",

  // Auth
  username: "اسم المستخدم",
  password: "كلمة المرور",

  // Fees and payments
  total_amount: "إجمالي المصروفات",
  paid_amount: "المبلغ المدفوع",
  payment_amount: "مبلغ الدفعة",

  // Results
  marks: "الدرجة",
  total: "النهاية العظمى",

  // News

  // Course selection (admin)
  max_selections: "الحد الأقصى للاختيارات",
  capacity_1: "سعة المجموعة الأولى",
  capacity_2: "سعة المجموعة الثانية",
  max_subjects: "الحد الأقصى للمواد",

  // Teacher selection (public)

  // Audit log
  entity: "نوع السجل",
  entity_id: "رقم السجل",
  admin: "المسؤول",
  from: "التاريخ «من»",
  to: "التاريخ «إلى»",
  limit: "عدد الصفوف",
};

const texts: Record<Reason, string> = {
  // General
  INVALID_INPUT: "البيانات المُدخلة غير صالحة",
  MALFORMED_JSON: "تعذّرت قراءة الطلب",
  AUTH_REQUIRED: "يجب تسجيل الدخول",
  SESSION_EXPIRED: "انتهت الجلسة أو أنها غير صالحة. يرجى تسجيل الدخول مرة أخرى.",
  FORBIDDEN: "غير مسموح",
  ROUTE_NOT_FOUND: "العنوان المطلوب غير موجود",
  NOT_FOUND: "غير موجود",
  CONFLICT: "يتعارض التغيير مع بيانات موجودة",
  UNPROCESSABLE: "تعذّر تنفيذ الطلب",
  PAYLOAD_TOO_LARGE: "حجم الطلب كبير جدًا",
  RATE_LIMITED: "طلبات كثيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  SERVICE_UNAVAILABLE: "الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.",
  DATABASE_UNAVAILABLE: "قاعدة البيانات غير متاحة مؤقتًا",
  INTERNAL: "حدث خطأ في الخادم",

  // Any field
  REQUIRED: "{{field}} مطلوب",
  TOO_LONG: "يجب ألا يزيد طول {{field}} على {{max}} حرف",
  UNKNOWN_VALUE: "قيمة غير معروفة في {{field}}",
  NOT_BOOLEAN: "{{field}}: القيمة يجب أن تكون صحيحًا أو خطأً",
  NUMBER_INVALID: "{{field}}: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥",
  NUMBER_NEGATIVE: "{{field}}: لا يُقبل رقم سالب",
  NUMBER_WHOLE: "{{field}}: أدخل عددًا صحيحًا بدون كسور",
  NUMBER_DECIMALS: "{{field}}: {{decimals}} منزلة عشرية على الأكثر",
  NUMBER_MIN: "{{field}}: أقل قيمة مقبولة {{min}}",
  NUMBER_MAX: "{{field}}: أكبر قيمة مقبولة {{max}}",
  WHOLE_BETWEEN: "{{field}}: أدخل عددًا صحيحًا من {{min}} إلى {{max}}",
  AMOUNT_TOO_LARGE: "{{field}}: لا يمكن أن يتجاوز ١٠٬٠٠٠٬٠٠٠ جنيه",

  // Lists
  PAGE_INVALID: "رقم الصفحة يجب أن يكون عددًا صحيحًا من ١",
  PAGE_TOO_LARGE: "رقم الصفحة كبير جدًا",
  LIMIT_INVALID: "عدد الصفوف يجب أن يكون ١٥ أو ٢٠ أو ٣٠ أو ٥٠",
  SORT_ORDER_INVALID: "اتجاه الترتيب غير صالح",
  SORT_BY_INVALID: "عمود الترتيب غير صالح",
  SEARCH_TOO_LONG: "يجب ألا يزيد البحث على ١٠٠ حرف",

  // Students
  STUDENT_NO_REQUIRED: "الرقم القومي مطلوب",
  STUDENT_NO_FORMAT: "يجب أن يكون الرقم قوميًا من 14 رقمًا أو رقم جواز سفر (من 5 إلى 20 حرفًا ورقمًا)",
  STUDENT_ID_INVALID: "معرّف الطالب غير صالح",
  GRADE_REQUIRED: "الصف مطلوب",
  GRADE_UNKNOWN: "الصف مطلوب",
  BUILDING_REQUIRED: "المبنى مطلوب",
  BUILDING_RANGE: "المبنى مطلوب",
  GENDER_INVALID: "النوع يجب أن يكون ذكرًا أو أنثى",
  STUDENT_NOT_FOUND: "الطالب غير موجود",
  STUDENT_DUPLICATE: "يوجد طالب آخر بهذا الرقم",
  STUDENT_HAS_HISTORY: "لهذا الطالب مدفوعات أو نتائج مسجلة ولا يمكن حذفه. اجعله غير نشط بدلًا من ذلك.",

  // Auth
  INVALID_CREDENTIALS: "اسم المستخدم أو كلمة المرور غير صحيحة",
  PASSWORD_REQUIRED: "كلمة المرور مطلوبة",
  LOGIN_LOCKED: "محاولات دخول فاشلة كثيرة. يرجى المحاولة لاحقًا.",
  PASSWORD_FIELDS_REQUIRED: "جميع الحقول مطلوبة",
  PASSWORD_MISMATCH: "كلمة المرور الجديدة وتأكيدها غير متطابقين",
  PASSWORD_TOO_SHORT: "يجب ألا تقل كلمة المرور الجديدة عن {{min}} أحرف",
  PASSWORD_SAME_AS_OLD: "يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية",
  PASSWORD_INCORRECT: "كلمة المرور الحالية غير صحيحة",
  PASSWORD_CHANGE_LOCKED: "محاولات خاطئة كثيرة لكلمة المرور الحالية. يرجى المحاولة لاحقًا.",

  // Fees and payments
  PAYMENT_AMOUNT_INVALID: "يرجى إدخال مبلغ دفعة صالح",

  // Results
  MARKS_REQUIRED: "الدرجة مطلوبة",

  // News

  // Course selection (admin)

  // Teacher selection (public)

  // Audit log
  AUDIT_DATE_INVALID: "{{field}} يجب أن يكون تاريخًا صحيحًا (سنة-شهر-يوم)",
};

export default {
  ...texts,
  // Field variants: feminine nouns, and the plural forms of a length limit.
  REQUIRED_nationality: "الجنسية مطلوبة",
  REQUIRED_marks: "الدرجة مطلوبة",
  TOO_LONG_one: "يجب ألا يزيد طول {{field}} على حرف واحد",
  TOO_LONG_two: "يجب ألا يزيد طول {{field}} على حرفين",
  TOO_LONG_few: "يجب ألا يزيد طول {{field}} على {{max}} أحرف",
  TOO_LONG_many: "يجب ألا يزيد طول {{field}} على {{max}} حرفًا",
  TOO_LONG_other: "يجب ألا يزيد طول {{field}} على {{max}} حرف",
  NUMBER_DECIMALS_zero: "{{field}}: لا تُقبل كسور عشرية",
  NUMBER_DECIMALS_one: "{{field}}: منزلة عشرية واحدة على الأكثر",
  NUMBER_DECIMALS_two: "{{field}}: منزلتان عشريتان على الأكثر",
  NUMBER_DECIMALS_few: "{{field}}: {{decimals}} منازل عشرية على الأكثر",
  NUMBER_DECIMALS_many: "{{field}}: {{decimals}} منزلة عشرية على الأكثر",
  NUMBER_DECIMALS_other: "{{field}}: {{decimals}} منزلة عشرية على الأكثر",
  fields,
};

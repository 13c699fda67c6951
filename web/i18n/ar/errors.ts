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
  display_name: "الاسم الظاهر",
  role: "الدور",
  assignments: "التكليفات",

  // Fees and payments
  student_id: "رقم الطالب",
  total_amount: "إجمالي المصروفات",
  paid_amount: "المبلغ المدفوع",
  payment_amount: "مبلغ الدفعة",

  // Fee plans, instalments, discounts and school settings
  academic_year_name: "العام الدراسي",
  lines: "بنود المصروفات",
  line_name: "اسم البند",
  line_total: "إجمالي البند",
  instalments: "الأقساط",
  due_date: "تاريخ الاستحقاق",
  amount: "المبلغ",
  discount: "الخصم",
  discount_reason: "سبب الخصم",
  due_within_days: "مستحق خلال (أيام)",
  results_fee_rule: "شرط المصروفات لعرض النتائج",
  results_absent_rule: "حساب المواد التي غاب عنها الطالب",

  // Results
  marks: "الدرجة",
  total: "النهاية العظمى",
  absent: "غائب",
  student_name: "اسم الطالب",
  academic_year: "العام الدراسي",
  semester: "الفصل الدراسي",
  remarks: "الملاحظات",
  is_published: "حالة النشر",
  exam_type: "نوع الاختبار",
  exam_date: "التاريخ",

  // News
  title: "العنوان",
  settle_note: "الملاحظة",
  summary: "الملخص",
  content: "المحتوى",
  image_url: "رابط الصورة",
  author_name: "الكاتب",
  priority: "الأولوية",
  search: "البحث",
  limit: "عدد العناصر",

  // Course selection (admin)
  max_selections: "الحد الأقصى للاختيارات",
  capacity_1: "سعة المجموعة الأولى",
  capacity_2: "سعة المجموعة الثانية",
  max_subjects: "الحد الأقصى للمواد",
  description: "الوصف",
  full_name: "الاسم الكامل",
  subject: "المادة",
  active: "الحالة",
  period_name: "اسم الفترة",
  start_date: "تاريخ البداية",
  end_date: "تاريخ النهاية",
  allow_changes: "السماح بالتعديل",

  // Teacher selection (public)

  // Bulk import
  rows: "الصفوف",
  building_no: "المبنى",
  student_no: "الرقم القومي",
  current_grade: "الصف",
  subject_scores: "المواد",
  teacher_code: "كود المعلم",

  // Academic years
  term1_start: "بداية الفصل الأول",
  term1_end: "نهاية الفصل الأول",
  term2_start: "بداية الفصل الثاني",
  term2_end: "نهاية الفصل الثاني",

  // Audit log
  entity: "نوع السجل",
  entity_id: "رقم السجل",
  admin: "المسؤول",
  from: "التاريخ «من»",
  to: "التاريخ «إلى»",

  // Guardians and messages
  guardians: "أولياء الأمور",
  phone: "رقم المحمول",
  relation: "صلة القرابة",
  language: "اللغة",
  whatsapp_consent: "الموافقة على واتساب",
  send_hour: "ساعة الإرسال",
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
  UNSUPPORTED_MEDIA_TYPE: "يجب أن تكون بيانات الطلب بصيغة JSON",
  URL_TOO_LONG: "عنوان الصفحة (الرابط) طويل جدًا",
  HEADERS_TOO_LARGE: "عنوان الطلب أو بياناته الوصفية كبيرة جدًا",
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
  STUDENT_NO_FORMAT: "يجب أن يكون الرقم قوميًا من ١٤ رقمًا أو رقم جواز سفر (من ٥ إلى ٢٠ حرفًا ورقمًا)",
  STUDENT_ID_INVALID: "معرّف الطالب غير صالح",
  SECTION_INVALID: "الفصل حتى ١٠ حروف أو أرقام أو / أو -، مثل ٣/٢",
  GRADE_REQUIRED: "الصف مطلوب",
  GRADE_UNKNOWN: "الصف غير معروف",
  BUILDING_REQUIRED: "المبنى مطلوب",
  BUILDING_RANGE: "يجب أن يكون المبنى رقمًا صحيحًا من ١ إلى ٦",
  GENDER_INVALID: "النوع يجب أن يكون ذكرًا أو أنثى",
  STUDENT_NOT_FOUND: "الطالب غير موجود",
  STUDENT_DUPLICATE: "يوجد طالب آخر بهذا الرقم",
  STUDENT_HAS_HISTORY: "لهذا الطالب مدفوعات أو نتائج مسجلة ولا يمكن حذفه. اجعله غير نشط بدلًا من ذلك.",
  STUDENT_HAS_FEES: "لهذا الطالب سجل مصروفات لا يحذفه إلا موظفو المصروفات. اجعله غير نشط بدلًا من ذلك.",

  // Guardians and messages
  PHONE_INVALID: "أدخل رقم محمول صحيحًا، مثل ٠١٠٠١٢٣٤٥٦٧",
  GUARDIANS_TOO_MANY: "للطالب ثلاثة أولياء أمور على الأكثر",
  MESSAGE_NOT_FOUND: "الرسالة غير موجودة",
  MESSAGE_NOT_RETRYABLE: "لا يُعاد إرسال إلا رسالة فشلت أو رسالة ما زالت في الانتظار بعد موعدها بربع ساعة",
  MESSAGE_NO_RECIPIENT: "لا يوجد ولي أمر تُرسل إليه الرسالة: حُذف أولياء الأمور أو ألغوا اشتراكهم في الرسائل",
  WEBHOOK_SIGNATURE_INVALID: "توقيع الإشعار مفقود أو غير صحيح",

  // Auth
  INVALID_CREDENTIALS: "اسم المستخدم أو كلمة المرور غير صحيحة",
  PASSWORD_REQUIRED: "كلمة المرور مطلوبة",
  LOGIN_LOCKED: "محاولات دخول فاشلة كثيرة. يرجى المحاولة لاحقًا.",
  PASSWORD_FIELDS_REQUIRED: "جميع الحقول مطلوبة",
  PASSWORD_MISMATCH: "كلمة المرور الجديدة وتأكيدها غير متطابقين",
  PASSWORD_TOO_SHORT: "يجب ألا تقل كلمة المرور الجديدة عن {{min}} حرفًا",
  PASSWORD_SAME_AS_OLD: "يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية",
  PASSWORD_INCORRECT: "كلمة المرور الحالية غير صحيحة",
  PASSWORD_CHANGE_LOCKED: "محاولات خاطئة كثيرة لكلمة المرور الحالية. يرجى المحاولة لاحقًا.",

  // Staff and roles
  FORBIDDEN_FOR_ROLE: "دورك لا يسمح بهذا الإجراء",
  PASSWORD_CHANGE_REQUIRED: "غيّر كلمة المرور المؤقتة أولًا",
  // Subject and grade by their Arabic names, nested from the results and admin dictionaries (as stored when absent).
  TEACHER_NOT_ASSIGNED:
    'لست مكلّفًا بتدريس $t(results.subjects.{{subject}}, {"defaultValue": "{{subject}}"}) في $t(admin.grades.{{grade}}, {"defaultValue": "{{grade}}"})',
  RESULTS_TERM_PUBLISHED: "درجات فصل منشور لا يغيّرها إلا مدير النظام",
  RESULT_GRADE_NOT_STUDENTS: "لا يسجّل نتيجة في صف غير صف الطالب إلا مدير النظام",
  RESULT_FIELD_ADMIN_ONLY: "لا يغيّر {{field}} في النتيجة إلا مدير النظام",
  LAST_ADMINISTRATOR: "لا يمكن إيقاف آخر مدير نظام نشط أو تغيير دوره",
  STAFF_NOT_FOUND: "الموظف غير موجود",
  STAFF_ID_INVALID: "رقم الموظف غير صالح",
  STAFF_USERNAME_TAKEN: "اسم المستخدم مستخدم بالفعل",
  USERNAME_INVALID: "اسم المستخدم من ٣ إلى ٥٠ حرفًا لاتينيًا أو رقمًا أو نقطة أو شرطة",
  STAFF_ROLE_INVALID: "دور غير معروف",
  STAFF_SESSION_NOT_FOUND: "الجلسة غير موجودة",

  // Fees and payments
  PAYMENT_AMOUNT_INVALID: "يُرجى إدخال مبلغ دفعة صحيح",
  PAID_ABOVE_TOTAL: "لا يمكن أن يتجاوز المبلغ المدفوع إجمالي المصروفات",
  TOTAL_BELOW_PAID: "لا يمكن أن يقل إجمالي المصروفات عن المبلغ المدفوع",
  PAYMENT_EXCEEDS_REMAINING: "الدفعة أكبر من المبلغ المتبقي",
  IDEMPOTENCY_KEY_INVALID: "مفتاح منع التكرار (Idempotency-Key) يجب أن يكون من ١ إلى ٢٥٥ حرفًا لاتينيًا ظاهرًا",
  FEE_NOT_FOUND: "سجل المصروفات غير موجود",
  FEE_EXISTS: "لهذا الطالب سجل مصروفات بالفعل",
  FEE_HAS_PAYMENTS:
    "لا يمكن حذف سجل المصروفات هذا لأن به دفعات لها إيصالات. عدّل المبالغ بدلًا من ذلك؛ يُحتفظ بسجل الدفعات.",
  IDEMPOTENCY_MISMATCH: "سبق إرسال هذه الدفعة بمبلغ مختلف. أغلق إدخال الدفعة ثم حاول مجددًا.",
  FEE_CHANGED_MEANWHILE:
    "تغيّر سجل المصروفات أثناء الحفظ (حُفظت خطة أو خصم أو جدول أو تعديل في الوقت نفسه). أعد تحميل الصفحة وحاول مجددًا.",

  // Fee plans, instalments, discounts and school settings
  PLAN_YEAR_INVALID: "يجب أن يكون العام الدراسي عامين متتاليين، مثل ٢٠٢٤-٢٠٢٥",
  PLAN_LINES_REQUIRED: "أضف بندًا واحدًا على الأقل",
  PLAN_LINES_TOO_MANY: "لا يزيد عدد بنود الخطة على {{max}}",
  PLAN_LINE_REPEATED: "البند {{line}} مكرر",
  PLAN_INSTALMENTS_REQUIRED: "يحتاج كل بند من قسط واحد إلى {{max}} أقساط",
  PLAN_INSTALMENT_ORDER: "يجب ترقيم الأقساط ١، ٢، ٣ … وتواريخ استحقاقها بالترتيب",
  PLAN_SUM_MISMATCH: "مجموع أقساط {{line}} هو {{sum}} ج.م وليس إجمالي البند {{total}} ج.م",
  DUE_DATE_INVALID: "تاريخ الاستحقاق يجب أن يكون تاريخًا صحيحًا (سنة-شهر-يوم)",
  DUE_DATE_OUTSIDE_YEAR: "يجب أن يقع تاريخ الاستحقاق داخل العام الدراسي (من {{start}} إلى {{end}})",
  PLAN_ID_INVALID: "معرّف خطة المصروفات غير صالح",
  PLAN_NOT_FOUND: "خطة المصروفات غير موجودة",
  PLAN_EXISTS: "توجد خطة مصروفات لهذا الصف وهذا العام الدراسي بالفعل",
  PLAN_APPLY_ERRORS: "بعض الطلاب لا يمكن تطبيق الخطة عليهم. اعرض المعاينة لمعرفتهم وصحّح ثم طبّق مرة أخرى.",
  PLAN_APPLY_CHANGED_MEANWHILE: "تغيّرت سجلات مصروفات هذا الصف أثناء تطبيق الخطة، ولم يُطبَّق شيء. اعرض المعاينة مرة أخرى.",
  DISCOUNT_ABOVE_TOTAL: "لا يمكن أن يزيد الخصم على إجمالي المصروفات",
  DISCOUNT_REASON_REQUIRED: "يرجى ذكر سبب الخصم",
  DISCOUNT_KIND_INVALID: "يجب أن يكون الخصم مبلغًا أو نسبة مئوية",
  DISCOUNT_NEEDS_SCHEDULE: "طبّق خطة مصروفات على هذا الطالب قبل إعطاء خصم",
  TOTAL_SET_BY_SCHEDULE: "هذا السجل يتبع جدول أقساط: إجماليه هو مجموع الأقساط. غيّر الخطة أو الخصم بدلًا من ذلك.",
  SETTING_VALUE_INVALID: "{{field}} يجب أن يكون إحدى القيم: {{values}}",

  // Results
  MARKS_REQUIRED: "الدرجة مطلوبة",
  TOTAL_REQUIRED: "النهاية العظمى مطلوبة",
  MARKS_ABOVE_TOTAL: "لا يمكن أن تتجاوز الدرجة النهاية العظمى",
  ABSENT_WITH_MARKS: "المادة التي غاب عنها الطالب لا درجة لها: اترك الدرجة فارغة",
  RESULT_SUBJECT_REQUIRED: "يُرجى اختيار المادة",
  RESULT_SUBJECT_UNKNOWN: "مادة غير معروفة",
  // The subject's Arabic name, nested from the results dictionary (the English name when it has none).
  RESULT_SUBJECT_REPEATED: 'المادة $t(results.subjects.{{subject}}, {"defaultValue": "{{subject}}"}) مكررة',
  RESULT_SUBJECTS_REQUIRED: "أضف مادة واحدة على الأقل",
  ACADEMIC_YEAR_REQUIRED: "العام الدراسي مطلوب",
  SEMESTER_REQUIRED: "الفصل الدراسي مطلوب",
  SEMESTER_INVALID: "الفصل الدراسي يجب أن يكون الأول أو الثاني",
  RESULT_SEARCH_TOO_LONG: "نص البحث طويل جدًا",
  RESULT_ID_INVALID: "معرّف النتيجة غير صالح",
  RESULT_NOT_FOUND: "النتيجة غير موجودة",
  RESULT_DUPLICATE: "توجد نتيجة لهذا الطالب في هذا العام الدراسي والفصل بالفعل",
  NATIONAL_ID_REQUIRED: "الرجاء إدخال الرقم القومي",
  NATIONAL_ID_INVALID: "الرقم القومي يحتوي على أرقام وحروف إنجليزية فقط",
  RESULTS_NOT_FOUND: "لم يتم العثور على الطالب أو لا توجد نتائج متاحة. يرجى التأكد من الرقم القومي والمحاولة مرة أخرى.",
  RESULTS_NOT_PUBLISHED: "لم يتم إعلان النتائج حتى الآن. يرجى المحاولة لاحقًا.",
  RESULTS_FEES_UNPAID: "يرجى استكمال سداد المصروفات الدراسية لعرض النتيجة. للتفاصيل تواصل مع حسابات المدرسة.",

  // News
  NEWS_TEXT_TOO_LONG: "{{field}} طويل جدًا",
  NEWS_IMAGE_URL_INVALID: "يجب أن يكون رابط الصورة رابطًا صحيحًا",
  NEWS_STATUS_REQUIRED: "الحالة مطلوبة",
  NEWS_DATE_INVALID: "يجب أن يكون تاريخ النشر تاريخًا صحيحًا",
  NEWS_DATE_OUT_OF_RANGE: "تاريخ النشر خارج النطاق المسموح",
  NEWS_ID_INVALID: "معرّف الخبر غير صالح",
  NEWS_NOT_FOUND: "الخبر غير موجود",

  // Course selection (admin)
  SELECTION_ID_INVALID: "المعرّف غير صالح",
  SUBJECT_DESCRIPTION_NOT_TEXT: "الوصف يجب أن يكون نصًا",
  SUBJECT_NOT_FOUND: "المادة غير موجودة",
  SUBJECT_DUPLICATE: "توجد مادة بهذا الاسم بالفعل",
  SUBJECT_IN_USE: "لهذه المادة معلمون أو اختيارات ولا يمكن حذفها. اجعلها غير نشطة بدلًا من ذلك.",
  SUBJECT_NOT_ACTIVE: "يجب أن تكون المادة مادة نشطة",
  TEACHER_BUILDING_INVALID: "يجب أن يكون المبنى ٥ أو ٦",
  TEACHER_NOT_FOUND: "المعلم غير موجود",
  TEACHER_HAS_SELECTIONS: "لهذا المعلم اختيارات طلاب ولا يمكن حذفه. اجعله غير نشط بدلًا من ذلك.",
  TEACHER_SUBJECT_LOCKED: "لهذا المعلم اختيارات طلاب ولا يمكن نقله إلى مادة أخرى",
  TEACHER_CAPACITY_BELOW_TAKEN: "لا يمكن أن تقل السعة عن المقاعد المحجوزة ({{taken}} في المجموعة {{session}})",
  TEACHER_CODE_UNAVAILABLE: "تعذّر إنشاء كود للمعلم. يرجى المحاولة مرة أخرى.",
  PERIOD_DATE_NO_ZONE: "{{field}} غير صالح: أدخل التاريخ والوقت كاملين",
  PERIOD_DATE_OUT_OF_RANGE: "{{field}} خارج النطاق المسموح",
  PERIOD_END_BEFORE_START: "يجب أن يكون تاريخ النهاية بعد تاريخ البداية",
  PERIOD_NOT_FOUND: "فترة الاختيار غير موجودة",
  PERIOD_IS_ACTIVE: "أوقف الفترة قبل حذفها",
  SELECTIONS_NOT_FOUND: "لا توجد اختيارات لهذا الطالب",

  // Teacher selection (public)
  SELECTION_STUDENT_ID_REQUIRED: "رقم الطالب مطلوب",
  SELECTION_STUDENT_ID_INVALID: "رقم الطالب غير صالح",
  SELECTIONS_REQUIRED: "يجب اختيار معلم واحد على الأقل",
  SELECTIONS_TOO_MANY: "عدد الاختيارات أكبر من المسموح",
  NO_ACTIVE_PERIOD: "لا توجد فترة اختيار نشطة.",
  PERIOD_NOT_OPEN: "فترة الاختيار غير مفتوحة حاليًا.",
  SELECTION_NOT_ELIGIBLE: "اختيار المعلمين متاح لطلاب الصف الثالث الإعدادي المقيدين حاليًا فقط.",
  SELECTION_INCOMPLETE: "يجب اختيار معلم لكل المواد.",
  SELECTION_TEACHER_MISMATCH: "أحد المعلمين المختارين لا يدرّس هذه المادة أو لم يعد متاحًا.",
  UPDATE_USED: "لقد استخدمت فرصة التعديل الوحيدة المسموح بها.",
  CHANGES_NOT_ALLOWED: "لا يُسمح بتعديل الاختيارات في فترة الاختيار الحالية.",
  UPDATE_DEADLINE_PASSED: "انتهت مهلة تعديل الاختيارات.",
  NO_SEATS: "لا توجد مقاعد متاحة لدى {{teacher}} في مادة {{subject}}. يرجى اختيار معلم آخر.",
  NO_SEATS_ANY: "لا توجد مقاعد متاحة لدى أحد المعلمين المختارين. يرجى الاختيار مرة أخرى.",
  SELECTION_SAVED_MEANWHILE: "تم حفظ اختياراتك للتو بطلب آخر. يرجى إعادة تحميل الصفحة.",
  SELECTION_STATE_CHANGED: "تعذّر حفظ الاختيارات لأن فترة الاختيار أو تسجيلك تغيّر. يرجى إعادة تحميل الصفحة.",

  // Audit log
  AUDIT_DATE_INVALID: "{{field}} يجب أن يكون تاريخًا صحيحًا (سنة-شهر-يوم)",

  // Bulk import
  IMPORT_KIND_UNKNOWN: "نوع الاستيراد غير معروف: الطلاب أو المصروفات أو النتائج أو المعلمون",
  IMPORT_NO_ROWS: "لا يحتوي الملف على صفوف بيانات",
  IMPORT_TOO_MANY_ROWS: "يمكن استيراد {{max}} صف على الأكثر في المرة الواحدة",
  IMPORT_KEY_REQUIRED: "يحتاج الحفظ إلى مفتاح Idempotency-Key",
  IMPORT_HAS_ERRORS: "بعض الصفوف بها أخطاء: لم يُستورد شيء",
  IMPORT_DUPLICATE_ROW: "السجل نفسه موجود بالفعل في الصف {{row}} من هذا الملف",
  IMPORT_ID_SCIENTIFIC: "حُفظ الرقم القومي كرقم بصيغة علمية وفقد بعض أرقامه: اجعل تنسيق العمود نصًا",
  IMPORT_ID_NUMERIC: "حُفظ الرقم {{id}} كعدد فسقطت أصفاره في أوله: اجعل تنسيق العمود نصًا واكتب الرقم كما هو",
  IMPORT_PAID_DIFFERS: "المبلغ المدفوع يختلف عن المدفوعات المسجلة ({{paid}} ج.م): سجّل المدفوعات من صفحة المصروفات",
  IMPORT_YEAR_CLOSED:
    "العام الدراسي {{year}} مغلق: لا تُضاف إليه حسابات مصروفات ولا قيود جديدة (وتُقبل المدفوعات على حساباته)",
  IMPORT_CHANGED_MEANWHILE: "تغيّرت السجلات أثناء الاستيراد: أعد المعاينة",

  // Online payments
  PUBLIC_FEES_NOT_FOUND: "لم يتم العثور على الطالب أو لا توجد مصروفات مستحقة. يرجى التأكد من الرقم القومي.",
  ONLINE_AMOUNT_INVALID: "يجب ألا يقل المبلغ عن ١ ج.م وألا يزيد على المبلغ المتبقي",
  ONLINE_NOTHING_DUE: "لا يوجد مبلغ مستحق لهذا الاختيار",
  ONLINE_PAYMENTS_DISABLED: "الدفع الإلكتروني غير متاح حاليًا",
  PAYMENT_GATEWAY_UNAVAILABLE: "لم تستجب بوابة الدفع. لم يُخصم أي مبلغ؛ يرجى المحاولة بعد قليل.",
  PAYMOB_HMAC_INVALID: "توقيع إشعار بوابة الدفع مفقود أو غير صحيح",
  PAYMOB_CALLBACK_INVALID: "الإشعار لا يصف عملية دفع",
  ONLINE_PAYMENT_NOT_FOUND: "عملية الدفع غير موجودة",
  UNRECORDED_REFUND_NOT_FOUND: "لا يوجد استرداد غير مسجّل بهذه المعاملة",
  UNRECORDED_REFUND_CLOSED: "سُوّي هذا الاسترداد أو سُجّل في أثناء ذلك: حدّث القائمة",

  // Academic years
  ACADEMIC_YEAR_INVALID: "العام الدراسي سنتان متتاليتان بالصيغة سنة-سنة",
  ACADEMIC_YEAR_UNKNOWN: "العام الدراسي {{year}} غير موجود: يضيفه مدير النظام من صفحة الأعوام الدراسية",
  ACADEMIC_YEAR_NOT_FOUND: "العام الدراسي غير موجود",
  ACADEMIC_YEAR_EXISTS: "أُنشئ العام الدراسي التالي في أثناء ذلك: أعد تحميل القائمة",
  ACADEMIC_YEAR_CLOSED: "هذا العام الدراسي مغلق: لا تتغير تواريخه ولا حالته",
  ACADEMIC_YEAR_NOT_NEXT: "لا يصبح عامًا حاليًا إلا العام الدراسي القادم التالي مباشرة",
  ACADEMIC_YEAR_NOT_CURRENT: "لا يُغلق إلا العام الدراسي الحالي",
  ACADEMIC_YEAR_NEXT_MISSING: "أنشئ العام الدراسي التالي أولًا: إغلاق هذا العام يجعل التالي هو الحالي",
  ACADEMIC_YEAR_DATE_INVALID: "تواريخ العام الدراسي كلها مطلوبة: أدخل {{field}} تاريخًا صحيحًا (سنة-شهر-يوم)",
  ACADEMIC_YEAR_DATES_INVALID:
    "يجب أن تتوالى التواريخ (بداية العام، الفصل الأول، الفصل الثاني، نهاية العام) وأن يبدأ العام في سنة {{year}}",
  ACADEMIC_YEAR_CLOSED_MARKS: "العام الدراسي {{year}} مغلق: لا يعدّل درجاته إلا مدير النظام",

  // The year-end rollover
  ROLLOVER_NO_CURRENT_YEAR: "لا يوجد عام دراسي حالي لإغلاقه",
  ROLLOVER_YEAR_ORDER: "يجب أن يأتي العام التالي بعد العام الذي يُغلق ({{year}})",
  ROLLOVER_YEAR_CLOSED: "العام الدراسي {{year}} مغلق: اختر عامًا لاحقًا",
  ROLLOVER_EXCEPTIONS_INVALID: "بعض الاستثناءات تذكر طلابًا ليسوا في العام الذي يُغلق: احذفها ثم أعد المحاولة",
  ROLLOVER_NOT_FOUND: "لا يوجد نقل مطبَّق لهذا العام للتراجع عنه",
  ROLLOVER_UNDO_LOCKED: "سُجّلت مدفوعات أو نتائج في العام الجديد: لم يعد التراجع عن النقل ممكنًا",
  ROLLOVER_RUNNING: "ما زال النقل جاريًا: أكمله (طبّقه مرة أخرى) قبل التراجع عنه",
  ROLLOVER_CHANGED_MEANWHILE: "تغيّر بعض الطلاب أثناء النقل: طبّقه مرة أخرى للمتابعة",

  // Printing
  RECEIPT_NOT_FOUND: "الإيصال غير موجود",
  PRINT_TERM_REQUIRED: "اختر العام الدراسي والفصل الدراسي لطباعة الشهادات",

  // Family accounts
  FAMILY_PHONE_INVALID: "أدخل رقم هاتف محمول، مثل ٠١٠٠١٢٣٤٥٦٧",
  FAMILY_CODE_INVALID: "الرمز غير صحيح أو انتهت صلاحيته. تأكد منه أو اطلب رمزًا جديدًا",
  FAMILY_CODE_LOCKED: "محاولات خاطئة كثيرة: اطلب رمزًا جديدًا",
  FAMILY_CODES_LIMIT: "أُرسلت ثلاثة رموز إلى هذا الرقم خلال الساعة الأخيرة. يرجى المحاولة لاحقًا",
  FAMILY_SIGN_IN_REQUIRED: "يرجى تسجيل الدخول برقم هاتفك المحمول",
  FAMILY_CROSS_SITE: "هذا الطلب لم يصدر من صفحات المدرسة",
  FAMILY_CHILD_NOT_FOUND: "لا يوجد هذا الطالب في حسابك",
  FAMILY_PAY_NO_CHILD: "اختر طالبًا واحدًا على الأقل للدفع عنه، وكل طالب مرة واحدة",
  FAMILY_SESSION_NOT_FOUND: "جلسة الدخول غير موجودة",
  FAMILY_GUARDIAN_NOT_FOUND: "لا يوجد ولي أمر لأي طالب بهذا الرقم",
  FAMILY_INVITE_OPTED_OUT: "طلب ولي الأمر إيقاف رسائل المدرسة (STOP): لا يمكن إرسال دعوة. أعطه الرابط بنفسك",
  FAMILY_INVITE_ALREADY_SENT: "أُرسلت دعوة إلى هذا الرقم اليوم. يمكنك دعوته مرة أخرى غدًا",
};

export default {
  ...texts,
  // Field variants: feminine nouns, and the plural forms of a length limit.
  REQUIRED_nationality: "الجنسية مطلوبة",
  REQUIRED_marks: "الدرجة مطلوبة",
  REQUIRED_subject: "المادة مطلوبة",
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

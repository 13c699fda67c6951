/** Arabic texts of the number fields' messages (web/lib/number-messages.ts). */
export default {
  invalid: "{{label}}: أدخل رقمًا مثل ٤٥ أو ٤٥٫٥",
  negative: "{{label}}: لا يُقبل رقم سالب",
  whole: "{{label}}: أدخل عددًا صحيحًا بدون كسور",
  decimals_zero: "{{label}}: لا تُقبل كسور عشرية",
  decimals_one: "{{label}}: منزلة عشرية واحدة على الأكثر",
  decimals_two: "{{label}}: منزلتان عشريتان على الأكثر",
  decimals_few: "{{label}}: {{count}} منازل عشرية على الأكثر",
  decimals_many: "{{label}}: {{count}} منزلة عشرية على الأكثر",
  decimals_other: "{{label}}: {{count}} منزلة عشرية على الأكثر",
  min: "{{label}}: أقل قيمة مقبولة {{n}}",
  max: "{{label}}: أكبر قيمة مقبولة {{n}}",
  labels: {
    marks: "الدرجة",
    total: "النهاية العظمى",
    totalAmount: "إجمالي المصروفات",
    paidAmount: "المبلغ المدفوع",
    paymentAmount: "مبلغ الدفعة",
    page: "رقم الصفحة",
    pageSize: "عدد الصفوف في الصفحة",
  },
};

/** English texts of the number fields' messages (web/lib/number-messages.ts). */
export default {
  invalid: "{{label}} must be a number",
  negative: "{{label}} cannot be negative",
  whole: "{{label}} must be a whole number",
  decimals_one: "{{label}} can have at most {{count}} decimal place",
  decimals_other: "{{label}} can have at most {{count}} decimal places",
  min: "{{label}} must be at least {{n}}",
  max: "{{label}} must be at most {{n}}",
  labels: {
    marks: "Marks",
    total: "Total",
    totalAmount: "Total amount",
    paidAmount: "Paid amount",
    paymentAmount: "Payment amount",
    page: "Page",
    pageSize: "Page size",
  },
};

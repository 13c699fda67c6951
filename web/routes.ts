/** Every URL of the product, explicitly (docs/product.md, one section per page). One module per URL. */
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("results", "routes/public/results.tsx"),
  route("current-students", "routes/public/current-students.tsx"),
  route("base-url-config", "routes/public/base-url-config.tsx"),
  // Online payments (docs/product.md#online-payments): pay, the checkout's return, the receipt by its token.
  route("pay", "routes/public/pay.tsx"),
  route("pay/return", "routes/public/pay-return.tsx"),
  route("pay/receipts/:token", "routes/public/pay-receipt.tsx"),
  // Family accounts (docs/product.md#family-accounts): sign-in by a code, the children, sessions and preferences.
  route("family", "routes/public/family.tsx"),
  route("family/payments/return", "routes/public/family-payment-return.tsx"),
  route("lang", "routes/lang.ts"),
  route("admin", "routes/admin/index.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  // Print documents (docs/product.md#printing): whole HTML documents from the server, outside the console's shell.
  route("admin/print/report-cards", "routes/admin/print/report-cards.tsx"),
  route("admin/print/report-cards/:resultId", "routes/admin/print/report-card.tsx"),
  route("admin/print/receipts/:receiptNo", "routes/admin/print/receipt.tsx"),
  route("admin/print/statements/:studentNo", "routes/admin/print/statement.tsx"),
  ...prefix("admin/dashboard", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("students", "routes/admin/students.tsx"),
      route("students/:grade", "routes/admin/grade-demo.tsx", { id: "students-grade" }),
      route("guardians", "routes/admin/guardians.tsx"),
      route("guardians/:phone", "routes/admin/guardian.tsx"),
      route("fees", "routes/admin/fees.tsx"),
      route("fees/plans", "routes/admin/fee-plans.tsx"),
      route("fees/online", "routes/admin/online-payments.tsx"),
      route("fees/:grade", "routes/admin/grade-demo.tsx", { id: "fees-grade" }),
      route("results", "routes/admin/results.tsx"),
      route("results/:grade", "routes/admin/grade-demo.tsx", { id: "results-grade" }),
      route("news", "routes/admin/news.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("academic-years", "routes/admin/academic-years.tsx"),
      route("rollover", "routes/admin/rollover.tsx"),
      route("course-selections", "routes/admin/course-selections.tsx"),
      route("course-selections/subjects", "routes/admin/course-selections-subjects.tsx"),
      route("course-selections/teachers", "routes/admin/course-selections-teachers.tsx"),
      route("course-selections/periods", "routes/admin/course-selections-periods.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/** /admin → the dashboard (the guard there sends a signed-out visitor to /admin/login). */
import { redirect } from "react-router";

export const loader = () => redirect("/admin/dashboard");

/** English dictionary: one module per area, merged here under its namespace key. */
import common from "./en/common";
import admin from "./en/admin";
import home from "./en/home";

export default { ...common, admin, home };

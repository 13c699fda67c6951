/** Arabic dictionary: one module per area, merged here under its namespace key. */
import common from "./ar/common";
import admin from "./ar/admin";
import home from "./ar/home";

export default { ...common, admin, home };

/** Arabic dictionary: one module per area, merged here. */
import common from "./ar/common";

export default { ...common };

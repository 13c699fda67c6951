/** English dictionary: one module per area, merged here. */
import common from "./en/common";

export default { ...common };

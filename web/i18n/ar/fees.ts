/** ar strings for the admin fees pages (keys under `fees.`). */
export default {};

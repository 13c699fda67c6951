/** ar strings for the admin results pages (keys under `results.`). */
export default {};

/** ar strings (keys under `publicResults.`). */
export default {};

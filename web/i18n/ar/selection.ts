/** ar strings (keys under `selection.`). */
export default {};

/** en strings (keys under `selection.`). */
export default {};

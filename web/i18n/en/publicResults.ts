/** en strings (keys under `publicResults.`). */
export default {};

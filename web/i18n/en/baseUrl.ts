/** en strings (keys under `baseUrl.`). */
export default {};

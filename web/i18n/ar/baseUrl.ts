/** ar strings (keys under `baseUrl.`). */
export default {};

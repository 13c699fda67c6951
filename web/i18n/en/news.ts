/** en strings (keys under `news.`). */
export default {};

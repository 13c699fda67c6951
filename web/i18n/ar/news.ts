/** ar strings (keys under `news.`). */
export default {};

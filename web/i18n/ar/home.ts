/** ar strings for the public home page and public shell (keys under `home.`). */
export default {};

/** ar strings for the admin course-selection pages (keys under `courseSelection.`). */
export default {};

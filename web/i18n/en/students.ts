/** en strings for the admin students pages (keys under `students.`). */
export default {};

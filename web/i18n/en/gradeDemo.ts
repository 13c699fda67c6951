/** en strings for the admin gradeDemo pages (keys under `gradeDemo.`). */
export default {};

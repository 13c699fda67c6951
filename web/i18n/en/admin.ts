/** en strings for the admin console (keys under `admin.`). */
export default {};

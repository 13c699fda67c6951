/** Admin course-selection schemas (contract "Course selection, admin"). Imports only zod. */
import { z } from "zod";
import { studentNoSchema } from "./public-selection.schema";

export const deleteAllBodySchema = z.object({ student_id: studentNoSchema });

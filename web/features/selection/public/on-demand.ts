/**
 * What /current-students shows only after a lookup — the student card, the teacher cards, the submit bar and the
 * dialogs — as one chunk loaded when the first search starts, so the page's first load stays small
 * (docs/decisions/0012-public-page-weight.md).
 */
export { ConfirmDialog } from "./confirm-dialog";
export { OutcomeDialog } from "./outcome-dialog";
export { StudentPanel } from "./student-panel";
export { SubmitBar } from "./submit-bar";
export { TeacherPicker } from "./teacher-picker";

/** en strings for the public results page /results (keys under `publicResults.`); docs/product.md#public-results. */
import { SUBJECT_NAMES } from "../subjects";

export default {
  familyHint: {
    text: "Several children at the school? See all their results with one code sent to your mobile.",
    link: "Open the family account",
  },
  meta: {
    title: "Exam Results",
    description: "Look up a student's published exam results by national ID.",
  },
  hero: {
    eyebrow: "Results portal",
    title: "Exam Results",
    intro: "Enter the student's national ID to view the published results.",
  },
  form: {
    label: "National ID",
    placeholder: "14-digit national ID",
    hint: "Arabic or English digits are both accepted.",
    submit: "Search",
    searching: "Searching...",
    errors: {
      required: "Please enter the national ID",
      tooLong: "The national ID is too long",
      invalid: "The national ID may contain only digits and English letters",
    },
  },
  tips: {
    title: "Before you search",
    published: "Results appear only after the school publishes them.",
    fees: "Tuition fees must be fully paid to view the results.",
    privacy: "The national ID is used for this search only and is not stored in your browser.",
  },
  errors: {
    network: "An error occurred during search. Please try again.",
    rateLimited: "Too many attempts. Please wait a minute and try again.",
  },
  modals: {
    notPublished: {
      title: "Results not yet published",
      body: "The results have not been published yet. Please try again later.",
    },
    requiresPayment: {
      title: "Fees payment required",
      body: "Please complete the tuition fees payment to view the results. Contact the school's accounts office for details.",
      pay: "Pay fees online",
    },
    notFound: {
      title: "Incorrect national ID",
      body: "Student not found or no results available. Please check the national ID and try again.",
    },
    ok: "OK",
    close: "Close",
  },
  card: {
    found: "Results found for {{name}}",
    earlier: "Earlier published results",
    nationalId: "National ID",
    gradeLevel: "Grade",
    academicYear: "Academic year",
    semester: "Semester",
    termValue: "{{semester}} — {{year}}",
    semesters: { S1: "First Semester", S2: "Second Semester" },
    percentage: "Percentage",
    totalMarks: "Total marks",
    overallGrade: "Overall grade",
    subjectsCaption: "Marks per subject",
    subject: "Subject",
    score: "Score",
    grade: "Grade",
    print: "Print",
    printTitle: "Print this result",
    officialNote: "This page shows the results as published by the school. The printed copy is for information only.",
    absent: "Absent",
    absentExcluded: "Subjects the student was absent from are not counted in the total or the percentage.",
    absentZero: "Subjects the student was absent from count as zero in the total and the percentage.",
  },
  subjects: SUBJECT_NAMES.en,
};

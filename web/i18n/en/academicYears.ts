/** The Academic years page and a student's years (docs/product.md#academic-years-and-rollover). */
export default {
  title: "Academic years",
  description:
    "The school's years: one is current, the next can be created ahead of time. A closed year stays readable; its results change only by an administrator.",
  states: { upcoming: "Upcoming", current: "Current", closed: "Closed" },
  table: {
    label: "Academic years",
    name: "Year",
    state: "State",
    dates: "Year",
    term1: "Term 1",
    term2: "Term 2",
    actions: "Actions",
    range: "{{from}} – {{to}}",
  },
  loading: "Loading the years…",
  refresh: "Refresh",
  empty: "No academic years yet.",
  createNext: "Create {{year}}",
  createTitle: "Create the academic year {{year}}?",
  createBody:
    "It starts as upcoming with the usual dates (1 September – 31 August; term 1 to 31 January, term 2 from 1 February to 30 June). You can edit its dates afterwards.",
  editDates: "Edit dates",
  editTitle: "Dates of {{year}}",
  fields: {
    start_date: "Year starts",
    end_date: "Year ends",
    term1_start: "Term 1 starts",
    term1_end: "Term 1 ends",
    term2_start: "Term 2 starts",
    term2_end: "Term 2 ends",
  },
  save: "Save dates",
  cancel: "Cancel",
  confirm: "Confirm",
  makeCurrent: "Make current",
  makeCurrentTitle: "Make {{year}} the current year now?",
  makeCurrentBody:
    "{{old}} will be closed: its results will change only by an administrator, and its unpaid fees stay owed as arrears. Forms and lists will default to {{year}}. Without this, {{year}} becomes current by itself on {{date}}.",
  closeYear: "Close year",
  closeTitle: "Close {{year}}?",
  closeBody:
    "{{next}} becomes the current year. {{year}} stays readable; its results change only by an administrator, and its unpaid fees stay owed as arrears.",
  toast: {
    created: "{{year}} created",
    saved: "Dates of {{year}} saved",
    madeCurrent: "{{year}} is now the current year",
    closed: "{{year}} is closed",
  },
  errors: {
    load: "The academic years could not be loaded.",
    failed: "The change was not saved.",
    network: "The server could not be reached. Nothing was changed.",
  },
  student: {
    title: "Academic years",
    empty: "No years recorded yet.",
    building: "Building {{n}}",
    section: "Section {{section}}",
    outcomes: { promoted: "Promoted", retained: "Retained", graduated: "Graduated", left: "Left" },
    failed: "The student's years could not be loaded.",
  },
};

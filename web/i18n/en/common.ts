/** English strings shared across pages. */
export default {
  schoolName: "Elite Private Schools",
  schoolShort: "Elite",
  language: { switchTo: "العربية", label: "Language" },
  nav: { home: "Home", news: "News", results: "View Results", chooseTeachers: "Choose Teachers", menu: "Menu", close: "Close" },
  error: {
    title: "Something went wrong",
    body: "Sorry, an unexpected error occurred.",
    refresh: "Refresh Page",
    tryAgain: "Try Again",
    notFound: "Page not found",
  },
  footer: { rights: "All rights reserved", social: "Our Facebook group" },
};

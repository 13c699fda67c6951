/** English strings shared across pages. */
export default {
  schoolName: "Elite Private Schools",
  schoolShort: "Elite",
  notifications: "Notifications",
  language: { switchTo: "العربية", label: "Language" },
  nav: {
    home: "Home",
    news: "News",
    results: "View Results",
    payFees: "Pay Fees",
    family: "Family Account",
    chooseTeachers: "Choose Teachers",
    menu: "Menu",
    close: "Close",
  },
  error: {
    title: "Something went wrong",
    body: "Sorry, an unexpected error occurred.",
    refresh: "Refresh Page",
    tryAgain: "Try Again",
    notFound: "Page not found",
    notFoundBody: "The address may be mistyped, or the page has moved.",
    toHome: "Go to the home page",
    toDashboard: "Go to the dashboard",
  },
  footer: { rights: "All rights reserved", social: "Our Facebook group" },
};

/** en strings for the public home page and public shell (keys under `home.`). */
export default {
  meta: {
    title: "Home",
    description: "Elite Private Schools: school news, exam results and Prep-3 teacher selection.",
  },
  skipToContent: "Skip to main content",
  nav: {
    label: "Main navigation",
    mobileLabel: "Site menu",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    brandHome: "Home page",
  },
  language: { switchLabel: "Switch the site language to Arabic" },
  hero: {
    welcome: "Welcome to",
    intro:
      "From kindergarten to preparatory school, we nurture curious minds and confident young leaders in a caring, ambitious community.",
    taglineLabel: "Our pillars",
    phrases: { education: "Education", quality: "Quality", future: "Future", excellence: "Excellence" },
  },
  news: { title: "Latest News" },
  about: {
    eyebrow: "Why choose us",
    title: "A school that sees every student",
    intro: "Everything we do is built around the success and well-being of our students.",
    teachers: {
      title: "Qualified teachers",
      body: "Experienced, certified teachers who keep learning themselves and follow each student's progress closely.",
    },
    buildings: {
      title: "Modern buildings",
      body: "Bright classrooms, equipped science and computer labs, a library and safe play areas across our campuses.",
    },
    care: {
      title: "Student care",
      body: "Small groups, guidance and open communication with parents, so every child feels known and supported.",
    },
  },
  footer: {
    about: "Arabic-first education with high standards and a warm community.",
    links: "Quick links",
    copyright: "© {{year}} {{name}}. All rights reserved",
    newTab: "(opens in a new tab)",
  },
  scrollTop: "Back to top",
};

/** Fixed values of the public site shell, kept in one place. */

/** The school's public Facebook group (footer social link). */
export const SOCIAL_GROUP_URL = "https://www.facebook.com/groups/eliteprivateschools";

/** Public routes the navbar, hero and footer link to. */
export const PUBLIC_PATHS = {
  home: "/",
  results: "/results",
  payFees: "/pay",
  family: "/family",
  chooseTeachers: "/current-students",
} as const;

/** Section ids on the home page that the navbar scrolls to. */
export const SECTION_IDS = { home: "home", news: "news" } as const;

/** Id of the main landmark, the target of the skip link. */
export const MAIN_ID = "main-content";

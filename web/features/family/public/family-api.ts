/**
 * The family page's calls (docs/product.md#family-accounts) through the typed client. The session is the
 * `family_session` cookie, sent by the browser with these same-origin requests; failures are thrown as ApiFailure.
 */
import { apiClient, call } from "~/lib/api";

const family = () => apiClient().api.family;

/** `POST /api/family/code`: the same answer for every number. */
export const askCode = (phone: string) => call(family().code.$post({ json: { phone } }));
/** `POST /api/family/session`: sets the cookie. */
export const signIn = (phone: string, code: string) => call(family().session.$post({ json: { phone, code } }));
/** `DELETE /api/family/session`: this device. */
export const signOut = () => call(family().session.$delete());
/** `GET /api/family/me`: 401 when signed out. */
export const fetchMe = () => call(family().me.$get());
export type FamilyMe = Awaited<ReturnType<typeof fetchMe>>;
/** `GET /api/family/children/{id}`. */
export const fetchChild = (id: number) => call(family().children[":id"].$get({ param: { id: String(id) } }));
export type ChildDetail = Awaited<ReturnType<typeof fetchChild>>;
/** `POST /api/family/sessions/end-all`. */
export const endAllSessions = () => call(family().sessions["end-all"].$post());
/** `DELETE /api/family/sessions/{id}`. */
export const endSession = (id: number) => call(family().sessions[":id"].$delete({ param: { id: String(id) } }));
/** `GET /api/family/preferences`. */
export const fetchPreferences = () => call(family().preferences.$get());
export type Preferences = Awaited<ReturnType<typeof fetchPreferences>>;
/** `PUT /api/family/preferences`. */
export const savePreferences = (input: {
  language?: "ar" | "en";
  whatsapp?: boolean;
  kinds?: Partial<Preferences["kinds"]>;
}) => call(family().preferences.$put({ json: input }));

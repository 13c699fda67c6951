/**
 * The guardian pages' calls (docs/product.md#family-accounts, "The office") through the typed Hono client: the list
 * of guardian numbers, one number's account, ending its sessions and inviting the family. Throws `ApiFailure`
 * (status 0 = network error).
 */
import type { TFunction } from "i18next";
import { apiClient, call } from "~/lib/api";
import type { GuardiansQuery } from "./guardians-query";

/** `GET /api/admin/guardians`: one page of numbers, by guardian name, and the school's figures. */
export function fetchGuardians(q: GuardiansQuery) {
  const query = { search: q.search, account: q.account, page: String(q.page), limit: String(q.limit) };
  return call(apiClient().api.admin.guardians.$get({ query }));
}
export type GuardiansPage = Awaited<ReturnType<typeof fetchGuardians>>;
export type GuardianRow = GuardiansPage["guardians"][number];

/** `GET /api/admin/family?phone=`: the number's whole account (E.164 or as typed). */
export const fetchGuardianAccount = (phone: string) => call(apiClient().api.admin.family.$get({ query: { phone } }));
export type GuardianAccount = Awaited<ReturnType<typeof fetchGuardianAccount>>;

/** `POST /api/admin/family/sessions/end`: every open session of `phone`, or only `sessionId`; answers how many. */
export const endFamilySessions = async (phone: string, sessionId?: number) =>
  (await call(apiClient().api.admin.family.sessions.end.$post({ json: { phone, session_id: sessionId } }))).ended;

/** `POST /api/admin/family/invite`: a link to `/family` by WhatsApp, else SMS (once a day). */
export const inviteToFamilyAccount = (phone: string) =>
  call(apiClient().api.admin.family.invite.$post({ json: { phone } }));

/** What the office reads after Invite: the channel the invitation goes by, and in which language. */
export const invitedText = (t: TFunction, sent: Awaited<ReturnType<typeof inviteToFamilyAccount>>) =>
  t(`messages.familyAccess.invited.${sent.channel}`, { language: t(`messages.guardians.languages.${sent.language}`) });

/** The guardian page of an E.164 number (`+` kept: a literal in a path segment). */
export const guardianPath = (phone: string) => `/admin/dashboard/guardians/${phone}`;

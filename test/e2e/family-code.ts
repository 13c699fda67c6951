/** Family sign-in codes in browser tests: read from the local message provider (scripts/lib/message-standin.ts). */
import { server } from "./server";

/** The newest code the local provider received for `phone` (local form). */
export async function codeFromProvider(phone: string, after: number): Promise<string> {
  const to = `20${phone.slice(1)}`;
  for (let i = 0; i < 60; i++) {
    const list = (await (await fetch(`${server.messageStandinUrl}/_standin/messages`)).json()) as {
      to: string;
      params: string[];
      text: string | null;
      template: string | null;
      receivedAt: string;
    }[];
    const mine = list.filter(
      (m) =>
        m.to.replace(/^\+/, "") === to &&
        Date.parse(m.receivedAt) >= after &&
        (m.template === "school_sign_in_code" || /\b\d{6}\b/.test(m.text ?? "")),
    );
    const last = mine.at(-1);
    const code = last?.template === "school_sign_in_code" ? last.params[0] : /\b\d{6}\b/.exec(last?.text ?? "")?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code reached the provider for ${phone}`);
}

/** The local message stand-in's page (scripts/lib/message-standin.ts): what was "sent", newest first. */

/** One message the stand-in accepted, with the status webhooks it signed for it. */
export interface StandinMessage {
  id: string;
  channel: "whatsapp" | "sms";
  to: string;
  template: string | null;
  language: string | null;
  params: string[];
  text: string | null;
  receivedAt: string;
  /** The statuses reported so far (sent, delivered, read). */
  statuses: string[];
  /** The signed webhooks, in order; `answer` is the Worker's HTTP status once posted (null: not posted). */
  webhooks: { status: string; body: string; signature: string; answer: number | null }[];
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page: a table of the messages, refreshed every 3 s. */
export function messagesPage(list: StandinMessage[]): string {
  const rows = list
    .slice()
    .reverse()
    .map(
      (m) => `<tr data-id="${esc(m.id)}">
  <td>${esc(m.receivedAt)}</td><td>${esc(m.channel)}</td><td dir="ltr">${esc(m.to)}</td>
  <td>${esc(m.template ? `${m.template} (${m.language ?? ""})` : "")}</td>
  <td>${esc(m.text ?? m.params.join(" · "))}</td>
  <td class="status">${esc(m.statuses.at(-1) ?? "accepted")}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="3">
<title>Local message provider</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;inline-size:100%}
td,th{border:1px solid #ccc;padding:.35rem .5rem;text-align:start;vertical-align:top}th{background:#f4f4f5}</style>
</head><body><h1>Local message provider</h1>
<p>WhatsApp Cloud API and SMS gateway stand-in: nothing leaves this machine. ${list.length} message(s).</p>
<table><thead><tr><th>Received</th><th>Channel</th><th>To</th><th>Template</th><th>Text / parameters</th>
<th>Status</th></tr></thead><tbody>
${rows || '<tr><td colspan="6">Nothing sent yet.</td></tr>'}
</tbody></table></body></html>`;
}

/**
 * The whole HTML document of a printed page (docs/product.md#printing): `<html lang dir>` of the document's language,
 * the self-hosted print font, Amiri with kerning off (docs/decisions/0031-print-font.md: its saved PDFs give back
 * every name and label verbatim, Cairo's did not), for every character, IDs included; print CSS with the paper size, and
 * one nonce'd script of a few lines for the Print button (and `?autoprint=1`). No framework scripts, no app
 * stylesheet: the page is complete as the server sends it (docs/decisions/0024-print-pages.md).
 */
import type { ReactNode } from "react";
import amiriArabic400 from "@fontsource/amiri/files/amiri-arabic-400-normal.woff2?url";
import amiriArabic700 from "@fontsource/amiri/files/amiri-arabic-700-normal.woff2?url";
import amiriLatin400 from "@fontsource/amiri/files/amiri-latin-400-normal.woff2?url";
import amiriLatin700 from "@fontsource/amiri/files/amiri-latin-700-normal.woff2?url";
import type { PrintLocale } from "./print-format";

/** Paper: A4 portrait with 15 mm margins (report cards, statements), A5 portrait or an 80 mm roll (receipts). */
export type Paper = "a4" | "a5" | "80mm";

const ARABIC_RANGE =
  "U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC";
const LATIN_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** The print font's family name; no other family is named, so no character falls back to a system font. */
export const PRINT_FONT = "Amiri";

const face = (src: string, weight: number, range: string) =>
  `@font-face{font-family:"${PRINT_FONT}";font-style:normal;font-display:block;font-weight:${weight};src:url(${src}) format("woff2");unicode-range:${range}}`;

const FONTS = [
  face(amiriArabic400, 400, ARABIC_RANGE),
  face(amiriArabic700, 700, ARABIC_RANGE),
  face(amiriLatin400, 400, LATIN_RANGE),
  face(amiriLatin700, 700, LATIN_RANGE),
].join("");

const PAGE: Record<Paper, { size: string; margin: string; width: string }> = {
  a4: { size: "A4 portrait", margin: "15mm", width: "180mm" },
  a5: { size: "A5 portrait", margin: "10mm", width: "128mm" },
  "80mm": { size: "80mm 210mm", margin: "4mm", width: "72mm" },
};

/**
 * The stylesheet: logical properties only, so one sheet serves both directions. Kerning is off: Amiri's kerning
 * pairs move glyphs apart, which a PDF reader's text layer takes for spaces inside words (ADR 0031).
 */
function css(paper: Paper): string {
  const p = PAGE[paper];
  return `${FONTS}
@page{size:${p.size};margin:${p.margin}}
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0;font-family:"${PRINT_FONT}",serif;font-kerning:none;color:#111827;background:#e5e7eb;font-size:${paper === "80mm" ? "9.5pt" : "10.5pt"};line-height:1.5}
.sheet{background:#fff;inline-size:min(${p.width},calc(100% - 16px));margin:8mm auto;overflow-x:auto;padding:${paper === "80mm" ? "3mm" : "8mm"};box-shadow:0 1px 4px #0002;position:relative}
.sheet+.sheet{break-before:page}
.toolbar{position:sticky;inset-block-start:0;z-index:1;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:center;padding:8px 12px;background:#1e3a8a;color:#fff;font-size:11pt}
.toolbar a,.toolbar button{color:#fff;font:inherit;background:#ffffff1f;border:1px solid #ffffff59;border-radius:6px;padding:2px 12px;text-decoration:none;cursor:pointer}
.toolbar a[aria-current]{background:#fff;color:#1e3a8a}
.toolbar small{opacity:.85}
.letterhead{display:flex;align-items:center;gap:10px;border-block-end:2px solid #1e3a8a;padding-block-end:6px;margin-block-end:8px}
.letterhead img{inline-size:${paper === "80mm" ? "28px" : "44px"};block-size:auto}
.letterhead .school{font-weight:700;font-size:1.25em;color:#1e3a8a}
.letterhead .doc{font-weight:700;font-size:1.1em}
.letterhead .end{margin-inline-start:auto;text-align:end}
h1,h2,h3{margin:0}
table{inline-size:calc(100% - 1px);border-collapse:collapse;break-inside:avoid}
th,td{border:1px solid #9ca3af;padding:3px 6px;text-align:start;vertical-align:top}
th{background:#eef2ff;font-weight:700}
td.n,th.n{text-align:center;font-variant-numeric:tabular-nums}
tfoot td{font-weight:700;background:#f9fafb}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0 0 8px}
dl.facts.two{grid-template-columns:auto 1fr auto 1fr}
dl.facts dt{color:#4b5563}
dl.facts dd{margin:0;font-weight:700}
.id{font-weight:700;font-variant-numeric:tabular-nums;letter-spacing:.03em;white-space:nowrap}
table.small{font-size:.9em}
table.small .id{letter-spacing:0}
.draft{position:absolute;inset-block-start:40%;inset-inline:0;text-align:center;font-size:38pt;font-weight:700;color:#dc262633;transform:rotate(-20deg);pointer-events:none}
.badge{display:inline-block;border:2px solid #dc2626;color:#dc2626;font-weight:700;padding:0 8px;border-radius:4px}
.signatures{display:flex;gap:24px;justify-content:space-between;margin-block-start:18mm}
.signatures div{flex:1;border-block-start:1px solid #374151;text-align:center;padding-block-start:2px;color:#374151}
.amount{font-size:1.5em;font-weight:700}
.words{border:1px dashed #6b7280;padding:4px 8px;margin-block:4px}
.muted{color:#4b5563}
.nowrap{white-space:nowrap}
.line{display:inline-block;min-inline-size:60%;border-block-end:1px dotted #6b7280;min-block-size:1.4em}
.scale{display:flex;flex-wrap:wrap;gap:2px 14px;font-size:.9em}
.scale .label{flex-basis:100%}
.cover{display:flex;flex-direction:column;justify-content:center;align-items:center;min-block-size:200mm;text-align:center;gap:6mm}
.cover .count{font-size:28pt;font-weight:700;color:#1e3a8a}
.block{margin-block:6px}
.year{border-block-start:1px solid #9ca3af;margin-block-start:10px;padding-block-start:6px}
.year-head{break-inside:avoid;break-after:avoid}
.year h2{font-size:1.1em;margin-block-end:4px;display:flex;gap:8px;align-items:baseline}
.year .tag{font-size:.8em;border-radius:4px;padding:0 6px;border:1px solid #6b7280;color:#374151}
.year .tag.arrears{border-color:#b91c1c;color:#b91c1c}
.year .tag.current{border-color:#1e3a8a;color:#1e3a8a}
caption{break-after:avoid}
@media print{
  body{background:#fff}
  .toolbar,.toolbar-only{display:none}
  .sheet{margin:0;box-shadow:none;inline-size:auto;padding:0}
}`;
}

/** The Print button (and automatic printing with `?autoprint=1`, once the fonts are ready). */
const PRINT_SCRIPT = `document.querySelector("[data-print]")?.addEventListener("click",()=>print());if(new URLSearchParams(location.search).has("autoprint"))document.fonts.ready.then(()=>print());`;

/** A link to the same document with other query values (language, paper), for the toolbar. */
export function withParams(url: URL, values: Record<string, string | null>): string {
  const next = new URL(url);
  next.searchParams.delete("autoprint");
  for (const [k, v] of Object.entries(values)) {
    if (v === null) next.searchParams.delete(k);
    else next.searchParams.set(k, v);
  }
  return `${next.pathname}${next.search}`;
}

interface PrintDocumentProps {
  loc: PrintLocale;
  title: string;
  paper: Paper;
  url: URL;
  nonce: string;
  /** Extra toolbar content (e.g. the receipt width switch). */
  tools?: ReactNode;
  /** False on a refusal: there is nothing to print, nor another language of it to open. */
  toolbar?: boolean;
  children: ReactNode;
}

/** The `<html>` element of a print page. */
export function PrintDocument({ loc, title, paper, url, nonce, tools, toolbar = true, children }: PrintDocumentProps) {
  return (
    <html lang={loc.lang} dir={loc.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${loc.schoolName}`}</title>
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <link
          rel="preload"
          href={loc.lang === "ar" ? amiriArabic400 : amiriLatin400}
          as="font"
          type="font/woff2"
          crossOrigin="anonymous"
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built from constants; no user text */}
        <style dangerouslySetInnerHTML={{ __html: css(paper) }} />
      </head>
      <body>
        {toolbar && (
          <nav className="toolbar" aria-label={loc.t.toolbar.print}>
            <button type="button" data-print="">
              {loc.t.toolbar.print}
            </button>
            <a href={withParams(url, { lang: loc.lang === "ar" ? "en" : null })} lang={loc.lang === "ar" ? "en" : "ar"}>
              {loc.t.toolbar.otherLanguage}
            </a>
            {tools}
            <small>{loc.t.toolbar.hint}</small>
          </nav>
        )}
        <main>{children}</main>
        {/* No script on a refusal either: `?autoprint` would print the refusal. */}
        {toolbar && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, allowed by its CSP nonce
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
        )}
      </body>
    </html>
  );
}

/** The school letterhead at the top of every sheet: logo, school name, the document's title. */
export function Letterhead({ loc, title, end }: { loc: PrintLocale; title: string; end?: ReactNode }) {
  return (
    <header className="letterhead">
      <img src="/logo.svg" alt="" />
      <div>
        <div className="school">{loc.schoolName}</div>
        <div className="doc" data-doc-title="">
          {title}
        </div>
      </div>
      {end && <div className="end">{end}</div>}
    </header>
  );
}

/** An ID or receipt number, printed as stored and isolated left-to-right so it never reorders in Arabic text. */
export function Id({ children }: { children: string }) {
  return (
    <bdi dir="ltr" className="id">
      {children}
    </bdi>
  );
}

/**
 * Digits with their signs (a year range, a percentage) laid out left to right exactly as written, so a PDF's text
 * layer, which reads every run of digits left to right, gives them back in logical order ("٢٠٢٤–٢٠٢٥", "٩٠٪").
 * Never for words: it overrides the bidi algorithm, so Intl's direction marks (the ALM after "٪") are dropped as
 * useless, and the text layer would keep them as characters.
 */
export function Digits({ children }: { children: string }) {
  return (
    <bdo dir="ltr" className="nowrap">
      {children.replace(/[\u061c\u200e\u200f]/g, "")}
    </bdo>
  );
}

/** The student rows of a document's facts list: name, ID (isolated), grade in the page's language. */
export function StudentFacts({
  loc,
  labels,
  name,
  no,
  grade,
}: {
  loc: PrintLocale;
  labels: { student: string; studentId: string; grade: string };
  name: string;
  no: string;
  grade: string;
}) {
  return (
    <>
      <dt>{labels.student}</dt>
      <dd>
        <bdi>{name}</bdi>
      </dd>
      <dt>{labels.studentId}</dt>
      <dd>
        <Id>{no}</Id>
      </dd>
      <dt>{labels.grade}</dt>
      <dd>{loc.grade(grade)}</dd>
    </>
  );
}

/**
 * Public pages start loading their JavaScript after the first paint, not while the HTML is parsed (largest contentful paint, docs/decisions/0016-public-hydration-after-first-paint.md;
 * docs/decisions/0016-public-hydration-after-first-paint.md).
 *
 * The server-rendered page is complete without JavaScript, so the first paint (the LCP element on every public page
 * is server-rendered text) needs only the HTML, the stylesheet and the fonts. React Router's `<Scripts>` would have
 * the browser fetch ~145 KB of modules at the same time, on the same slow mobile link. This rewrites its output as
 * it streams, with the Workers runtime's HTMLRewriter:
 * - `<link rel="modulepreload">` becomes `rel="x-deferred-modulepreload"`, which the browser does not fetch;
 * - the inline boot module (`<script type="module">`, whose static imports would fetch the route modules) becomes
 *   inert (`type="text/x-deferred-module"`); an external module script (`src`) is left alone;
 * - a small inline script at the end of the body, with the response's CSP nonce, restores both once the first frame
 *   has been presented on screen (the browser's `first-contentful-paint` entry, which is also the page's LCP: see
 *   the ADR), or after `FALLBACK_MS` in a browser that reports no paint timing.
 *
 * The console (/admin) is not rewritten: it has no LCP target and renders its lists in the browser.
 */

import { EARLY_SUBMIT_ATTR, HYDRATED_ATTR, PENDING_ATTR } from "./early-submit";

const DEFERRED_PRELOAD = "x-deferred-modulepreload";
const DEFERRED_MODULE = "text/x-deferred-module";
/** Ms after the boot script runs: start anyway when no paint entry has come (no Paint Timing API, or a hidden tab). */
const FALLBACK_MS = 1_500;

/**
 * Searches typed before the app runs (docs/product.md#public-results, #teacher-selection): the search buttons are
 * server-rendered disabled (a native submit would put the national ID in the address), so this enables them, and a
 * submit of a form marked `EARLY_SUBMIT_ATTR` that the app does not handle yet is stopped and marked
 * `PENDING_ATTR`; the app replays it when it starts. Without any JavaScript the buttons stay disabled.
 */
const EARLY_SUBMIT = `var fs=d.querySelectorAll("form[${EARLY_SUBMIT_ATTR}] button[type=submit]");for(var k=0;k<fs.length;k++)fs[k].disabled=false;\
d.addEventListener("submit",function(e){var f=e.target;if(f&&f.hasAttribute&&f.hasAttribute("${EARLY_SUBMIT_ATTR}")&&!f.hasAttribute("${HYDRATED_ATTR}")){\
e.preventDefault();f.setAttribute("${PENDING_ATTR}","");f.setAttribute("aria-busy","true");}},true);`;

/**
 * ES5 on purpose: it runs before any of our bundles. Idempotent: the first of the paint entry or the fallback timer
 * wins. Module scripts are restored in document order. The early-submit part runs at once.
 */
export const DEFERRED_BOOT_SCRIPT = `(function(){var done=false,d=document;${EARLY_SUBMIT}function go(){if(done)return;done=true;\
var ls=d.querySelectorAll('link[rel="${DEFERRED_PRELOAD}"]');for(var i=0;i<ls.length;i++){var l=d.createElement("link");\
l.rel="modulepreload";l.setAttribute("href",ls[i].getAttribute("href"));l.nonce=ls[i].nonce;d.head.appendChild(l);}\
var ms=d.querySelectorAll('script[type="${DEFERRED_MODULE}"]');for(var j=0;j<ms.length;j++){var o=ms[j],s=d.createElement("script");\
s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.parentNode.replaceChild(s,o);}}\
try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go();})\
.observe({type:"paint",buffered:true});}catch(e){}setTimeout(go,${FALLBACK_MS});})();`;

/**
 * Wraps an SSR HTML response so its modules load after the first paint. `nonce` is the response's CSP nonce (the
 * inline boot script needs it). Throws nothing; a page without module scripts is only given the (idle) boot script.
 */
export function deferHydration(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(el) {
        el.setAttribute("rel", DEFERRED_PRELOAD);
      },
    })
    .on('script[type="module"]:not([src])', {
      element(el) {
        el.setAttribute("type", DEFERRED_MODULE);
      },
    })
    .on("body", {
      element(el) {
        // At the end of the body, so every deferred module script is already in the document when it runs.
        el.onEndTag((end) => {
          end.before(`<script nonce="${nonce}">${DEFERRED_BOOT_SCRIPT}</script>`, { html: true });
        });
      },
    })
    .transform(response);
}

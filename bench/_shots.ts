import { chromium } from "playwright-core";
import { withServer } from "./lib/server";
await withServer(async (server) => {
  const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const shot = async (name: string, path: string, width: number, opts: { noJs?: boolean; full?: boolean } = {}) => {
    const ctx = await b.newContext({ viewport: { width, height: width < 500 ? 780 : 900 }, deviceScaleFactor: 1 });
    if (path.includes("lang=en")) await ctx.addCookies([{ name: "lang", value: "en", url: server.url }]);
    const p = await ctx.newPage();
    if (opts.noJs) await p.route(/\/assets\/.*\.js$/, (r) => r.abort());
    await p.goto(server.url + path.replace(/[?&]lang=en/, ""));
    await p.waitForTimeout(opts.noJs ? 800 : 2500);
    await p.screenshot({ path: `/work/main/screenshots/${name}.png`, fullPage: !!opts.full });
    await ctx.close();
  };
  await shot("s16-home-ar-360-prehydration", "/", 360, { noJs: true });
  await shot("s16-home-ar-360", "/", 360);
  await shot("s16-home-en-1280", "/?lang=en", 1280);
  await shot("s16-results-ar-360-prehydration", "/results", 360, { noJs: true });
  await shot("s16-results-ar-360", "/results", 360);
  await shot("s16-current-en-1280", "/current-students?lang=en", 1280);
  await shot("s16-baseurl-ar-360", "/base-url-config", 360);
  await b.close();
});

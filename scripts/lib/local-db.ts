/**
 * Finding the local database for the ops scripts: the running `npm start` writes its sqld URL to
 * DATA_DIR/sqld.url; without it, a temporary sqld is started on DATA_DIR/school.sqld.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "./local-env";
import { startSqld } from "./sqld";

export const localDbPath = (dir = dataDir()) => join(dir, "school.sqld");
export const urlFile = (dir = dataDir()) => join(dir, "sqld.url");

/** The URL of the sqld that `npm start` is running, if it answers. */
export async function runningLocalUrl(dir = dataDir()): Promise<string | null> {
  if (!existsSync(urlFile(dir))) return null;
  const url = readFileSync(urlFile(dir), "utf8").trim();
  try {
    const res = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ requests: [{ type: "close" }] }),
    });
    return res.ok ? url : null;
  } catch {
    return null;
  }
}

/** A URL for the local database (the running one, or a temporary server) and a function to release it. */
export async function openLocalDb(dir = dataDir()): Promise<{ url: string; release: () => Promise<void> }> {
  const running = await runningLocalUrl(dir);
  if (running) return { url: running, release: async () => {} };
  if (!existsSync(localDbPath(dir))) throw new Error(`No local database in ${dir}. Run \`npm start\` once first.`);
  const sqld = await startSqld(localDbPath(dir));
  return { url: sqld.url, release: sqld.stop };
}

/**
 * The one way a free-text field enters the API (names, titles, news, descriptions, remarks): a zod string whose
 * value loses its bidirectional controls before any other check (worker/lib/normalize.ts `stripBidiControls`), so a
 * stored text can never display in another order than it reads. Imports only zod and the normaliser; shared with
 * the web forms like the schemas that use it.
 */
import { z } from "zod";
import { stripBidiControls } from "../lib/normalize";

type StringParams = Parameters<typeof z.string>[0];

/** A name-like text (names, titles, codes): bidi controls and direction marks removed. Chain `.trim()`, `.max()`… */
export const plainText = (params?: StringParams) => z.string(params).overwrite((v) => stripBidiControls(v));

/** Prose (news content and summary, descriptions, remarks): bidi controls removed, direction marks kept. */
export const proseText = (params?: StringParams) => z.string(params).overwrite((v) => stripBidiControls(v, true));

/**
 * Every address no other route matches (docs/product.md#public-home): answers 404 from a loader, so the root loader
 * still runs (language and dictionary) and the root error screen shows "Page not found" with a link home in the
 * visitor's language. Without this route React Router renders a no-match 404 without the root loader's data.
 */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

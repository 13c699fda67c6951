/** Placeholder until the page lands (issue: admin records). */
export default function Page() {
  return null;
}

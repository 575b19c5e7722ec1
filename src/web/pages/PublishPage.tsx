/** Placeholder until the page is built (issue 3). */
export default function PublishPage() {
  return null;
}

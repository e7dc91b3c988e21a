/** Placeholder until the screen is built (issue 10). */
export default function CvsResultPage() {
  return null;
}

/** Placeholder until the screen is built (issue 10). */
export default function CheckoutPage() {
  return null;
}

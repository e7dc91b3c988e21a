/**
 * Where the phone's floating buttons stay away (issue 9 §13): the cart and checkout, whose
 * line totals and buttons they covered, and the form pages, where they covered fields.
 */
const HIDDEN = /^\/(cart|checkout|checkoutCvsResult|paymentSlip|login|loginres|register|fpassword|profile|cpassword|address|contact)(\/|$)/i;

export function showsFloatingButtons(pathname: string): boolean {
  return !HIDDEN.test(pathname);
}

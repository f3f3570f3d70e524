/*
 * What the "no-js" project of playwright.config.ts runs: in the spec files below, the tests tagged
 * @without-javascript (`test("…", { tag: "@without-javascript" }, …)`, or on a describe). Every test
 * runs with JavaScript on ("js"); these are the ones whose point is something a browser without
 * JavaScript gets of its own, which only a run without JavaScript tests: a form that posts to the
 * route's action and answers with a redirect or the page (with its errors inline), a native
 * <details> in place of a menu, a page that reloads itself instead of polling, content in the page
 * in place of a dialog or a toast. A test that reads a page that is the same HTML either way (an axe
 * check or a 390 px layout of it included), refuses access, or repeats a form another tagged test
 * already posts, runs with JavaScript only.
 *
 * Files with no such test run with JavaScript on only: dashboard.spec.ts and order-expiry.spec.ts
 * (pages that show, with no form), keyboard.spec.ts (the focus order and its styles, the same HTML
 * and CSS either way) and pages.spec.ts (content pages, the same HTML either way; its test of
 * /how-it-works without JavaScript turns it off itself).
 *
 * scripts/without-javascript.test.ts keeps this list and the tags together: each file here has a
 * tagged test, and no other spec file has one.
 */

export const withoutJavaScript = [
  "account.spec.ts", // the forgotten-password, e-mail confirmation and account settings forms
  "admin.spec.ts", // every admin action is a form with a redirect; the period switch needs no script
  "api-access.spec.ts", // creating and revoking API keys on /profile
  "auth.spec.ts", // signing up, in and out; a refused sign-in or sign-up answered in the page
  "buying.spec.ts", // the buying journey's forms: the price, "Complete Your Order" inline, the review; /checkout with no draft
  "catalogue.spec.ts", // buying likes on a post's link: its refusal in the page, the review and the mobile-money form
  "checkout-trips.spec.ts", // a refused payment on the payment step's forms, "Complete Your Order" in the page
  "deliveries.spec.ts", // flagging deliveries on the order page, and "select all on this page" as a link
  "drip-feed.spec.ts", // paying from the balance with gradual delivery, and stopping its runs
  "fulfilment.spec.ts", // a worker's Complete form on the dashboard, the handle form on /profile, their refusals
  "join-network.spec.ts", // the worker registration form, inline without JavaScript
  "mass-order.spec.ts", // the mass-order form, checked and paid
  "order-success.spec.ts", // the order confirmation's cancel form and printing hint
  "orders.spec.ts", // the order page's cancel form
  "payments.spec.ts", // the card, PIN, OTP and mobile-money forms; the status page reloading itself
  "payout-journey.spec.ts", // the withdrawal form and the admin's approval form
  "payouts.spec.ts", // the withdrawal form's refusals
  "refills.spec.ts", // "Refill selected" in the order page's "Who delivered" checklist, and its refusal in the page
  "shell.spec.ts", // the page shell: the mobile menu is a native disclosure, the theme follows the system
  "support.spec.ts", // the support form
  "wallet.spec.ts", // the top-up forms and paying a top-up
];

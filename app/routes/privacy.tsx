import { Link } from "~/components/link";
import { type LegalSection, LegalDocument } from "~/components/legal-document";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/privacy";

// The same for every visitor: served from the page cache for five minutes.
export const headers = cacheForAnonymousVisitors(300);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Privacy Policy",
      description: "What personal data Social Media Boost collects, why, who sees it, how long we keep it and your rights under Ghana's Data Protection Act.",
      path: "/privacy",
      type: "article",
    },
    matches,
  );

const lastUpdated = { iso: "2026-11-29", text: "29 November 2026" };

/**
 * Where a card is typed depends on the store's PAYSTACK_CARD_MODE, so the policy says what happens
 * in the mode this server runs: Paystack's checkout page (hosted, the default), or the checkout's
 * own card form through our server (direct; top-ups still go to Paystack's page).
 */
export function loader() {
  return { cardMode: getEnv().PAYSTACK_CARD_MODE };
}

const retention = [
  { what: "Account details (e-mail, username, full name, password hash, platforms)", howLong: "while your account is open; deleted within 30 days of closing it" },
  { what: "Account screenshots uploaded with a paid order", howLong: "90 days after the order is completed, cancelled or refunded" },
  {
    what: "Account screenshots of an order cancelled before it was paid, or expired because it was not paid in time",
    howLong: "deleted within an hour of the order ending",
  },
  { what: "An account screenshot uploaded for a checkout that never became an order", howLong: "24 hours" },
  { what: "Orders (package, target username or link, amounts, status)", howLong: "6 years after the order, for accounting and tax records" },
  { what: "Payment references, amounts, statuses and the mobile money numbers prompted", howLong: "6 years after the payment" },
  { what: "Worker task completions, earnings ledger and payouts (including payout account details)", howLong: "6 years after the entry" },
  { what: "Proofs submitted for tasks", howLong: "12 months after the task was completed" },
  { what: "Support tickets and our replies", howLong: "2 years after the ticket is closed" },
  { what: "E-mails we sent you (receipts, order updates, account links)", howLong: "30 days after sending" },
  { what: "Password reset and e-mail confirmation links (kept only as a one-way hash)", howLong: "7 days after they were used or expired" },
  { what: "Request logs (method, path and status only: never passwords, tokens or card data)", howLong: "30 days, in our hosting's log storage" },
  { what: "Abuse-prevention records (IP addresses and e-mail addresses of sign-ups and failed sign-ins)", howLong: "24 hours" },
] as const;

const sectionsFor = (cardMode: "hosted" | "direct"): LegalSection[] => [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        Social Media Boost runs this website and marketplace from Ghana and decides how the personal data described here is used. We
        handle it in line with Ghana's Data Protection Act, 2012 (Act 843). This policy covers everyone who visits the site, buys a
        package, works on tasks or contacts support.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your e-mail address, username, full name and role (client or worker), and your password stored only
          as an argon2id hash, which cannot be turned back into the password. Workers also tell us which platforms they use.
        </li>
        <li>
          <strong>Orders:</strong> the package, the target account's username and link, the screenshot of the account you upload, the
          amounts and the order's status and progress.
        </li>
        <li>
          <strong>Payments:</strong> the payment reference, the method (card or mobile money), the mobile network and the mobile money
          number a payment prompt was sent to (so it can be sent again), the amount, the status and the payment provider's result
          message. Never a card number.
        </li>
        <li>
          <strong>Workers:</strong> the tasks you complete, the proofs you submit, your earnings ledger and your payouts, including the
          mobile money number or bank account and account name you ask us to pay.
        </li>
        <li>
          <strong>Support:</strong> the name, e-mail address, category, subject and message you send us, and our replies.
        </li>
        <li>
          <strong>Technical:</strong> request logs (the page or API path, the method, the status and the time taken: no IP address, query
          string, password, token or cookie). When you sign up or a sign-in fails we briefly record the IP address and e-mail address to
          stop abuse. Your IP address is also used, without being stored, to show prices in cedis or dollars.
        </li>
      </ul>
    ),
  },
  {
    id: "payments",
    title: "Payments and card data",
    body: (
      <>
        <p>
          Payments are processed by our card and mobile money payment provider, Paystack.{" "}
          {cardMode === "hosted"
            ? "You type your card details on Paystack's own checkout page, and they go from your browser to Paystack: they never reach our server, and we never see your card number, CVV or card PIN."
            : "At checkout you type your card details on our payment page: they are sent over an encrypted connection, through our server, to Paystack to make the charge, as are the card PIN or one-time code your bank may ask for. Wallet top-ups by card are paid on Paystack's own checkout page, from your browser to Paystack."}
        </p>
        <p>
          For mobile money we send Paystack the number and network you give us. You approve the payment on your phone with your mobile
          money PIN, which we never see; the code Telecel Cash sends, when it asks for one, passes through our server to Paystack.
        </p>
        <p>
          We never store or log your full card number, CVV, PIN or one-time codes; we keep only the details listed under "Payments"
          above. Paystack handles payment data under its own privacy policy and the card industry's security standard (PCI DSS).
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use it",
    body: (
      <ul>
        <li>to run your account, keep you signed in and protect it;</li>
        <li>
          to send you the e-mails the service needs: confirming your address, resetting your password, receipts, order and refund
          updates, payout and support answers. We send no newsletters or advertising;
        </li>
        <li>to take payments, deliver orders, show their progress, and handle cancellations and refunds;</li>
        <li>to offer tasks to workers, check their proofs, keep their earnings and send their payouts;</li>
        <li>to answer support requests;</li>
        <li>to prevent fraud and abuse, and to keep the records the law requires.</li>
      </ul>
    ),
  },
  {
    id: "legal-basis",
    title: "Why we are allowed to use it",
    body: (
      <p>
        We process your data because it is needed to provide the service you asked for (our <Link to="/terms">terms of service</Link>),
        because the law requires it (for example accounting and tax records), or because we have a legitimate interest in keeping the
        service secure and free of fraud. We do not use your data for advertising and do not sell it.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "Who sees it",
    body: (
      <ul>
        <li>
          <strong>Workers</strong> see only what a task needs: the target account's username or link and what to do. They never see your
          name, e-mail address or payment details.
        </li>
        <li>
          <strong>Paystack</strong> receives what it needs to process payments, refunds and worker payouts.
        </li>
        <li>
          <strong>Our e-mail provider</strong> receives your e-mail address and the messages we send you, only to deliver them.
        </li>
        <li>
          <strong>Our team</strong> (administrators) sees orders, payments, tasks, proofs and support tickets to run the service. Their
          actions on accounts are recorded.
        </li>
        <li>
          <strong>Authorities</strong> receive data only when Ghanaian law requires us to provide it.
        </li>
      </ul>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <>
        <p>We keep personal data only as long as we need it:</p>
        <ul>
          {retention.map((item) => (
            <li key={item.what}>
              {item.what}: <strong>{item.howLong}</strong>.
            </li>
          ))}
        </ul>
        <p>When an account is closed, records we must keep longer are kept only for those legal purposes.</p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and browser storage",
    body: (
      <p>
        We use a sign-in cookie, and browser storage for your sign-in token, colour theme and checkout draft. There are no advertising,
        analytics or third-party cookies. Our <Link to="/cookies">cookie policy</Link> lists each one and how long it lasts.
      </p>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <ul>
        <li>The site is served over an encrypted connection (HTTPS).</li>
        <li>Passwords are stored only as argon2id hashes; the sign-in cookie cannot be read by scripts on the page.</li>
        <li>Tokens, passwords, card details and one-time codes are removed from our logs.</li>
        <li>Only our team can reach the admin area, and what they do there is recorded.</li>
        <li>We never ask for the password of the social media account you promote.</li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under the Data Protection Act, 2012 (Act 843) you can ask us:</p>
        <ul>
          <li>for a copy of the personal data we hold about you;</li>
          <li>to correct data that is wrong or incomplete;</li>
          <li>to delete data we no longer need, or to close your account;</li>
          <li>to stop using your data for a purpose you object to.</li>
        </ul>
        <p>
          Send your request through <Link to="/support">support</Link>. We may ask you to confirm that the account is yours. If you are
          not satisfied with our answer, you may complain to Ghana's Data Protection Commission.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: <p>The service is for people aged 18 and over. We do not knowingly collect data from children; if we learn we have, we delete it.</p>,
  },
  {
    id: "changes-and-contact",
    title: "Changes and contact",
    body: (
      <p>
        When this policy changes, the new version is published on this page with a new date at the top. Questions about your data or this
        policy are welcome through <Link to="/support">support</Link>.
      </p>
    ),
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument id="privacy" title="Privacy Policy" lead="What personal data we collect, why, who sees it and how long we keep it." lastUpdated={lastUpdated} sections={sectionsFor(loaderData.cardMode)} />;
}

import { Link } from "~/components/link";
import { refillCooldownHours, refillWindowDays } from "~/features/refills/refill-rules";
import {
  evidenceHours,
  spotCheckHours,
  flagWindowDays,
  reliabilityMinimumDecisions,
  reliabilityThresholdPercent,
  reliabilityWindowDays,
  screeningRejectedFlags,
  screeningWindowDays,
} from "~/features/deliveries/delivery-rules";
import { type LegalSection, LegalDocument } from "~/components/legal-document";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

// The same for every visitor: served from the page cache for five minutes.
export const headers = cacheForAnonymousVisitors(300);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Terms of Service",
      description: "The terms for buying growth packages and working on Social Media Boost: payments, delivery, cancellations, refunds and workers' rules.",
      path: "/terms",
      type: "article",
    },
    matches,
  );

const lastUpdated = { iso: "2026-11-29", text: "29 November 2026" };

const sections: LegalSection[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and Social Media Boost ("we", "us"), a marketplace based in Ghana where clients buy
          social media growth packages and workers are paid to complete the tasks that deliver them. By creating an account, placing an
          order or working on a task you accept these terms and our <Link to="/privacy">privacy policy</Link>.
        </p>
        <p>You must be at least 18 years old and able to enter into a binding agreement to use the service.</p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give us true details (e-mail address, username and full name) and keep them up to date.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account until you tell us it was misused.</li>
        <li>
          API keys act for your account, including spending your wallet balance. Creating one needs your password; changing or resetting your
          password, or signing out everywhere, revokes every key.
        </li>
        <li>Clients can use their account as soon as they register. Worker accounts are reviewed by our team before tasks are offered.</li>
        <li>We may suspend or close an account that breaks these terms.</li>
      </ul>
    ),
  },
  {
    id: "orders",
    title: "Orders and the accounts you promote",
    body: (
      <ul>
        <li>
          You may only order growth for an account you own or are authorised to manage. By ordering you confirm that you have that
          right.
        </li>
        <li>
          Give the correct username and a screenshot of the account so workers find it. The account must stay public and keep the same
          username until the order is delivered.
        </li>
        <li>We never ask for the password of the account you promote. Anyone who asks for it in our name is not us.</li>
        <li>
          We may refuse or stop an order for an account that promotes anything unlawful, hateful, sexual involving minors, or
          fraudulent. Payment for the undelivered part is then refunded as described in section 6.
        </li>
      </ul>
    ),
  },
  {
    id: "payments",
    title: "Prices and payment",
    body: (
      <ul>
        <li>Prices are in Ghana cedis (GHS) and are shown, with a 1.7% processing fee, before you pay. The total you see is what you are charged.</li>
        <li>
          Payments are processed by our card and mobile money payment provider, Paystack: cards (Visa, Mastercard, Verve) and mobile money
          (MTN, Telecel, AT). We never store your full card number, CVV, PIN or one-time codes.
        </li>
        <li>An order is only started once the payment provider has confirmed your payment.</li>
        <li>Your bank or mobile network may charge its own fees; those are between you and them.</li>
      </ul>
    ),
  },
  {
    id: "delivery",
    title: "Delivery",
    body: (
      <ul>
        <li>
          Followers (subscribers on YouTube), likes, views and comments are delivered by real people on our worker network, one action
          each, usually within the delivery time each package states (24 to 48 hours for most, 48 to 72 hours for YouTube) of your
          payment being confirmed. A comments order posts the comments you wrote, one per person, and nothing else. These are estimates, not guarantees; your dashboard shows each
          order's progress.
        </li>
        <li>
          We deliver the quantity you paid for. Each platform decides how its algorithms treat your account, so we do not promise any
          particular reach, ranking, sales or further engagement.
        </li>
      </ul>
    ),
  },
  {
    id: "refunds",
    title: "Cancellation and refunds",
    body: (
      <ul>
        <li>
          You may cancel an order within 1 hour of paying if delivery has not begun. You then get a full refund to the card or mobile
          money wallet you paid with.
        </li>
        <li>If we cannot complete an order, the part that was not delivered is refunded to the original payment method.</li>
        <li>
          A wallet top-up refunded to the card or mobile money wallet it came from is taken back out of your wallet balance. If you had spent
          it, your balance goes below zero, and nothing can be paid from it until a new top-up covers that.
        </li>
        <li>
          There are no refunds for followers, subscribers, likes, views or comments that are delivered and later removed, whether by the
          platform or by the people who gave them. Instead, for packages that offer refills (each package says so and for how many days:
          {refillWindowDays} for followers and subscribers), within those days after an order is delivered you may request a refill
          on its page, once every {refillCooldownHours} hours, naming the deliveries that dropped: each is decided on evidence as a flag
          is (below), and whatever dropped is delivered again by other people at no cost. A refill covers what was delivered through us,
          nothing more; the order page shows its progress.
        </li>
        <li>
          Your order's page lists who delivered each unit, with a link to their profile. From the first delivery until {flagWindowDays}{" "}
          days after the order is completed you may flag any you cannot find: its worker must send a screenshot within {evidenceHours}{" "}
          hours and our team decides on it. A delivery found missing, or not shown in time, is delivered again by someone else at no cost
          to you. If our team has rejected {screeningRejectedFlags} of your flags in {screeningWindowDays} days, it looks at your next flags
          itself before anyone is asked.
        </li>
        <li>
          To cancel, use Cancel order on the order's page (your <Link to="/orders">orders</Link> list links to it) while the hour lasts.
          For anything else, contact <Link to="/support">support</Link> with your order reference (it looks like SMB-123-2026). Refunds
          are sent through Paystack; how long they take to reach you depends on your bank or mobile network.
        </li>
      </ul>
    ),
  },
  {
    id: "platform-risk",
    title: "Social platforms' rules and your risk",
    body: (
      <>
        <p>
          Social Media Boost is not affiliated with, endorsed by or sponsored by Instagram, TikTok, YouTube, X (Twitter), Facebook or any
          other platform. Buying followers or subscribers may break a platform's terms of use, and a platform may remove them,
          limit an account's reach or suspend it.
        </p>
        <p>
          By ordering you accept that risk. We are not responsible for what a platform does to your account, and its actions do not
          entitle you to a refund beyond section 6.
        </p>
      </>
    ),
  },
  {
    id: "workers",
    title: "Working with us",
    body: (
      <ul>
        <li>Workers apply on the <Link to="/join-network">Join Network</Link> page; we review each application and contact you within 24 hours.</li>
        <li>
          Use only real accounts that you own and run yourself: no bots, automation, bought or fake accounts, and no more accounts than
          you really use.
        </li>
        <li>
          Complete each task as described, with the account linked to your profile. Earnings for tasks with false or fraudulent proof, or
          undone soon after payment (for example an unfollow), are forfeited, and the account may be suspended.
        </li>
        <li>
          Clients see the account you delivered with and may flag a delivery they cannot find (until {flagWindowDays} days after their
          order is completed). You are then asked, on your dashboard and by e-mail, for a screenshot of their profile that shows your
          follow, within {evidenceHours} hours; its reward stays held until our team decides. A delivery found missing, or not shown in
          time, is dropped and its reward taken back, as below. If under {reliabilityThresholdPercent} % of your flagged deliveries decided
          over the last {reliabilityWindowDays} days stood (from {reliabilityMinimumDecisions} decisions on), you are offered no tasks until
          our team reviews your account.
        </li>
        <li>
          We also spot-check: on your first tasks, and on some later ones picked at random, your dashboard asks for the same screenshot
          within {spotCheckHours} hours of the task. It is decided like a flag; its reward waits for the decision, and a task without one
          in time is dropped.
        </li>
        <li>
          A delivery a client names in a refill is a flagged delivery like any other: you answer it with a screenshot as above. A reward
          taken back is cancelled while it is held and deducted from your balance once released; your balance can go below zero, and
          withdrawals, including ones you requested before, wait until new earnings cover it.
        </li>
        <li>
          Each task shows its reward before you start. A completed task's reward is held for 72 hours while we check the action stays in
          place, then it becomes available to withdraw; our team approves each withdrawal and sends it to the mobile money wallet you give
          us (MTN, Telecel or AT). We e-mail you every withdrawal request, and a new mobile money number receives money only after you confirm it by the link we e-mail you. The earnings figures on our pages are worked out from the tasks open when you look and our limits on tasks, not promises:
          tasks exist only while clients have orders, and other workers take them too.
        </li>
        <li>Workers are independent, not our employees, and are responsible for their own taxes.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>use the service for fraud, or pay with a card or wallet you are not allowed to use;</li>
          <li>try to get into accounts or data that are not yours, or disrupt, overload or probe the service;</li>
          <li>copy the site with automated tools, or resell the service in a way that misleads buyers about what it is;</li>
          <li>harass our team, workers or other users.</li>
        </ul>
      </>
    ),
  },
  {
    id: "liability",
    title: "Our responsibility to you",
    body: (
      <>
        <p>
          We provide the service with reasonable care and skill. Apart from that, it is provided as it is, and we do not guarantee that
          it will always be available or free of errors.
        </p>
        <p>
          We are not liable for losses caused by social platforms, payment networks or other events outside our control. Our total
          liability for any order is limited to the amount you paid for it. Nothing in these terms removes rights you have under Ghanaian
          consumer law.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes and ending your account",
    body: (
      <>
        <p>
          We may change these terms. The new version is published on this page with a new date at the top; orders already paid for
          follow the terms in force when you paid.
        </p>
        <p>
          You may stop using the service and ask us to close your account at any time through <Link to="/support">support</Link>.
          Workers can withdraw their remaining balance, less any forfeited earnings, before their account is closed.
        </p>
      </>
    ),
  },
  {
    id: "law-and-contact",
    title: "Governing law and contact",
    body: (
      <p>
        These terms are governed by the laws of the Republic of Ghana, and the courts of Ghana decide any dispute about them. Please
        contact <Link to="/support">support</Link> first: most problems are solved quickly that way.
      </p>
    ),
  },
];

export default function Terms() {
  return <LegalDocument id="terms" title="Terms of Service" lead="The rules for buying growth packages and working on Social Media Boost, in plain language." lastUpdated={lastUpdated} sections={sections} />;
}

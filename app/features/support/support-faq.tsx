import { refillCooldownHours, refillWindowDays } from "~/features/refills";
import { evidenceHours, flagWindowDays } from "~/features/deliveries";
import { ChevronDown } from "~/components/page-icons";
import type { ReactNode } from "react";
import { Link } from "~/components/link";
import type { SupportContacts } from "./contact-details";
import { useSupportContacts } from "./use-support-contacts";

/**
 * The support FAQ (SPEC §2, §9). Every answer describes what the product does: SPEC's marketing
 * claims (chat replies in 5 minutes, e-mail in 2 hours, workers paid instantly) are not repeated,
 * since there is no chat and payouts are sent by the team, and only the configured contact channels
 * are mentioned. Native <details>, so it works without JavaScript and with the keyboard.
 */
const questionsFor = (contacts: SupportContacts): { question: string; answer: ReactNode }[] => [
  {
    question: "When does delivery of my order start?",
    answer: (
      <>
        <p>
          Delivery starts once your payment is confirmed and workers pick up your order's tasks. We aim for that to happen within 6-24
          hours, but it depends on how many workers are available, so it is an aim rather than a guarantee.
        </p>
        <p>
          Delivery is gradual: most orders complete within 24-48 hours (48-72 hours for YouTube). Your dashboard shows each order's
          progress.
        </p>
      </>
    ),
  },
  {
    question: "Can I cancel an order?",
    answer: (
      <p>
        Yes, within 1 hour of paying, as long as delivery has not begun: open the order from your dashboard and press Cancel order. An
        order you have not paid for can be cancelled at any time. A cancelled order is refunded in full to the card or mobile money wallet
        you paid with; how soon the money shows depends on your bank or provider. Once workers have started delivering, an order can no
        longer be cancelled.
      </p>
    ),
  },
  {
    question: "How quickly will you reply?",
    answer: (
      <p>
        Our team answers every request by e-mail and aims to reply within 24 hours. We do not offer live chat.
        {contacts.whatsapp || contacts.phone
          ? ` ${[contacts.whatsapp && "WhatsApp messages", contacts.phone && "calls"].filter(Boolean).join(" and ")} are answered when a team member is available.`
          : null}
      </p>
    ),
  },
  {
    question: "Do you need my password?",
    answer: (
      <p>
        No, never. We only need your account's username and a screenshot of its profile (or, for likes, views and comments, the post's link) so
        workers find the right account or post. If anyone asks
        for your password in our name, do not give it and tell us.
      </p>
    ),
  },
  {
    question: "I think someone else used my account. What should I do?",
    answer: (
      <p>
        Open your account settings and press “Sign out everywhere”: every device is signed out and every API key of the account is
        revoked. Then change your password, which also ends any password reset link sent before, and contact us. If your e-mail address
        was changed without you, the old address received an e-mail about it: write to us from that address.
      </p>
    ),
  },
  {
    question: "Are the followers real?",
    answer: (
      <p>
        Yes. We sell followers (subscribers on YouTube), likes, views and comments, and every one is a real person on our worker network
        who follows, likes, watches or comments as a paid task, one action each; we use no bots. People remain free to unfollow or unlike
        later and platforms sometimes remove accounts, so we cannot promise that every follower or like stays forever.
      </p>
    ),
  },
  {
    question: "How can I check who delivered my order?",
    answer: (
      <p>
        Your order's page lists each delivery with the account that made it and a link to its profile, so you can find it in your own
        followers list, or among the post's likes and comments. Until {flagWindowDays} days after the order is completed you can flag any you cannot find: its worker must send a
        screenshot within {evidenceHours} hours and our team decides on it. What is found missing, or not shown in time, is delivered
        again by someone else at no cost to you, and its worker loses the reward.
      </p>
    ),
  },
  {
    question: "What if some followers drop?",
    answer: (
      <p>
        Followers and subscribers come with refills (likes, views and comments do not; each package on the packages page says whether it
        does, and for how many days). For {refillWindowDays} days after your order is delivered, you can request a refill on its order page (once every{" "}
        {refillCooldownHours} hours): tick the accounts in &ldquo;Who delivered&rdquo; you no longer find among your followers and press
        &ldquo;Refill selected&rdquo;. The person behind each one is asked for a screenshot within {evidenceHours} hours and our team
        decides on it; whatever dropped is delivered again by other people, at no cost to you. The order page shows each refill's
        progress. The worker whose follow dropped does not keep its reward.
      </p>
    ),
  },
  {
    question: "How can I pay?",
    answer: (
      <p>
        In Ghana cedis, by card (Visa, Mastercard, Verve) or mobile money (MTN, Telecel, AT). A 1.7% processing fee is added and
        shown before you pay. We do not keep your card number or mobile money PIN.
      </p>
    ),
  },
  {
    question: "My mobile money payment is stuck. What should I do?",
    answer: (
      <p>
        Check that your phone is on, approve the prompt from your mobile money provider and make sure your balance covers the total. If
        the prompt expired, resend it from the payment status page. If money left your wallet but your order still shows as unpaid, send
        us a request with the category "Payment issue" and your order reference.
      </p>
    ),
  },
  {
    question: "How are workers paid?",
    answer: (
      <p>
        A completed task's reward is held for 72 hours while we check that the follow stays, then it becomes available. Workers request
        a withdrawal from their dashboard, and once our team approves it the money is sent to their mobile money wallet. A new wallet number is confirmed first, by a link we e-mail to the worker.
      </p>
    ),
  },
  {
    question: "How do I become a worker?",
    answer: (
      <p>
        Apply on <Link to="/join-network">Join Network</Link>. We review every application and aim to get in touch within 24 hours. Once
        your account is approved you can pick up tasks on your dashboard.
      </p>
    ),
  },
];

export function SupportFaq() {
  const questions = questionsFor(useSupportContacts());
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y rounded-2xl border bg-card">
        {questions.map(({ question, answer }) => (
          <details key={question} className="group px-5">
            <summary className="faq-question">
              {question}
              <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="faq-answer">
              {answer}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}

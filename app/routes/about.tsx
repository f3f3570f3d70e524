import { Link } from "~/components/link";
import { ContentPage } from "~/components/content-page";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

// The same for every signed-out visitor: served from the page cache for a minute.
export const headers = cacheForAnonymousVisitors(60);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "About Us", description: "Social Media Boost connects people who want to grow their social media accounts with real people who are paid to follow them.", path: "/about" }, matches);

export default function About() {
  return (
    <ContentPage
      eyebrow="About us"
      title="About Social Media Boost"
      lead={
        <p>
          Social Media Boost is a marketplace for social media growth in Ghana. Clients buy followers, likes, views and comments for
          their Instagram, TikTok, YouTube, X and Facebook accounts and posts, and real people on our worker network do the following,
          liking, watching and commenting, and are paid for every task.
        </p>
      }
    >
      <section>
        <h2>For clients</h2>
        <ul>
          <li>
            Pick a platform (Instagram, TikTok, YouTube, X or Facebook), what you want and how many on the{" "}
            <Link to="/packages">packages</Link> page. The price is shown before you pay.
          </li>
          <li>Give us the account's username and a screenshot of it, or the post's link, so workers find the right account or post. We never ask for your password.</li>
          <li>
            Pay in Ghana cedis by card (Visa, Mastercard, Verve) or mobile money (MTN, Telecel, AT). A 1.7% processing fee is
            added and shown before you pay.
          </li>
          <li>Delivery usually completes within the time each package states (24 to 48 hours for most, 48 to 72 hours for YouTube). Your dashboard shows each order's progress.</li>
        </ul>
      </section>

      <section>
        <h2>For workers</h2>
        <p>
          Anyone with social media accounts can apply through <Link to="/join-network">Join Network</Link>. We review each application
          and get in touch within 24 hours. Approved workers see a list of simple tasks (follow an account, subscribe to a channel),
          and every completed task adds its reward to their earnings, which they can withdraw.
        </p>
      </section>

      <section>
        <h2>How we keep it honest</h2>
        <ul>
          <li>Followers, subscribers, likes, views and comments come from accounts run by real people, not bots or fake accounts.</li>
          <li>Payments are processed by our payment provider. We do not keep card numbers or mobile money PINs.</li>
          <li>
            Each platform decides how its own algorithms treat an account, so we promise the followers or subscribers you pay for, not
            a particular reach or ranking.
          </li>
          <li>A small team reviews worker applications, watches orders through to delivery and answers support requests.</li>
        </ul>
      </section>

      <section>
        <h2>Talk to us</h2>
        <p>
          Questions about an order, a payment or working with us? Visit <Link to="/support">support</Link>. You can also read{" "}
          <Link to="/how-it-works">how it works</Link>, our <Link to="/terms">terms</Link> and our <Link to="/privacy">privacy policy</Link>.
        </p>
      </section>
    </ContentPage>
  );
}

import { Link } from "~/components/link";
import { ContentPage } from "~/components/content-page";
import { AUTH_TOKEN_STORAGE_KEY, CHECKOUT_STORAGE_KEY, THEME_STORAGE_KEY } from "~/lib/storage-keys";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookies";

// The same for every signed-out visitor: served from the page cache for a minute.
export const headers = cacheForAnonymousVisitors(60);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Cookie Policy", description: "Every cookie and browser storage item Social Media Boost uses, and why. No advertising or third-party cookies.", path: "/cookies" }, matches);

const storedItems = [
  {
    name: "smb_session",
    kind: "Cookie (httpOnly, set by our server)",
    purpose: "Keeps you signed in as you move between pages. Scripts on the page cannot read it.",
    lifetime: "Until you log out, or 7 days",
  },
  {
    name: "smb_device",
    kind: "Cookie (httpOnly, set by our server)",
    purpose:
      "Remembers that you have signed in on this browser before, so failed sign-ins by someone else on your account, or on your network, never slow your own sign-in here. It holds your account number and when you signed in, nothing else.",
    lifetime: "180 days from your last sign-in",
  },
  {
    name: AUTH_TOKEN_STORAGE_KEY,
    kind: "Local storage",
    purpose: "Your sign-in token, which the site sends with its requests to our own API.",
    lifetime: "Until you log out",
  },
  {
    name: THEME_STORAGE_KEY,
    kind: "Local storage",
    purpose: "Your colour theme: light, dark or system.",
    lifetime: "Until you clear it",
  },
  {
    name: CHECKOUT_STORAGE_KEY,
    kind: "Session storage",
    purpose: "The package, account and screenshot you are checking out, carried from the packages page to checkout.",
    lifetime: "Until you close the tab",
  },
] as const;

export default function Cookies() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Cookie Policy"
      lead={
        <p>
          This page lists everything Social Media Boost stores in your browser, and why. We use no advertising, analytics or other
          third-party cookies, and our pages load no scripts from other sites.
        </p>
      }
    >
      <section>
        <h2>What we store</h2>
        {/* A table from the sm breakpoint; stacked cards on phones, where four columns do not fit. */}
        <div className="mt-4 hidden overflow-hidden rounded-lg border sm:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cookies and browser storage used by Social Media Boost</caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                <th scope="col" className="px-4 py-3 font-semibold">Type</th>
                <th scope="col" className="px-4 py-3 font-semibold">Purpose</th>
                <th scope="col" className="px-4 py-3 font-semibold">How long</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {storedItems.map((item) => (
                <tr key={item.name} className="align-top">
                  <th scope="row" className="px-4 py-3 font-mono text-xs font-medium whitespace-nowrap">{item.name}</th>
                  <td className="px-4 py-3">{item.kind}</td>
                  <td className="px-4 py-3 text-muted-foreground">{item.purpose}</td>
                  <td className="px-4 py-3">{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="mt-4 list-none! space-y-3 pl-0! sm:hidden">
          {storedItems.map((item) => (
            <li key={item.name} className="rounded-lg border p-4 text-sm">
              <p className="mt-0! font-mono text-xs font-semibold">{item.name}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Type</dt>
                <dd>{item.kind}</dd>
                <dt className="text-muted-foreground">Purpose</dt>
                <dd>{item.purpose}</dd>
                <dt className="text-muted-foreground">How long</dt>
                <dd>{item.lifetime}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>Each item is only created when you use the feature it serves: signing in, choosing a theme, or starting a checkout.</p>
      </section>

      <section>
        <h2>What we do not use</h2>
        <ul>
          <li>No advertising or tracking cookies, and no cross-site tracking.</li>
          <li>No analytics services and no social media plugins.</li>
          <li>Payments are handled by our server talking to our payment provider, so the provider sets no cookies on this site.</li>
        </ul>
      </section>

      <section>
        <h2>Managing them</h2>
        <p>
          You can delete cookies and site data at any time in your browser's settings. Deleting the session cookie or the sign-in token
          signs you out; deleting the theme returns the site to your system setting; deleting the checkout draft means choosing your
          package again.
        </p>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Our <Link to="/privacy">privacy policy</Link> explains how we handle your personal data. For anything else, contact{" "}
          <Link to="/support">support</Link>.
        </p>
      </section>
    </ContentPage>
  );
}

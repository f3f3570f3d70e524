import { Link } from "~/components/link";
import { ArrowRight, ShieldCheck, Smartphone, Users } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

// The same for every signed-out visitor: served from the page cache for a minute.
export const headers = cacheForAnonymousVisitors(60);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Real followers, instant delivery, affordable prices",
      description: "Grow your Instagram, TikTok, YouTube, X and Facebook accounts with real people: followers, likes, views and comments. Pay in cedis by card or mobile money.",
      path: "/",
    },
    matches,
  );

const highlights = [
  { icon: Users, text: "Real people, paid per task" },
  { icon: ShieldCheck, text: "No password required" },
  { icon: Smartphone, text: "Pay in cedis by card or mobile money" },
] as const;

/*
 * JavaScript budget: GET / loads < 120 kB gzip (vite.config.ts), so this page adds no state, no
 * effects and no icon library. The floating button appears after 2 seconds by CSS alone
 * (@starting-style, delayed transition), with or without JavaScript; browsers without
 * @starting-style show it at once. Reduced motion: no fade or slide, it just appears. It is sticky
 * rather than fixed, so it floats over the hero but never covers the footer.
 */
export default function Home() {
  return (
    <section className="relative overflow-clip">
      <div
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--brand-from)_0%,transparent_70%)] opacity-20"
        aria-hidden="true"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <p className="rounded-full border bg-background/70 px-4 py-1 text-xs font-semibold tracking-[0.2em] text-primary">GROW YOUR FOLLOWING</p>
        <h1 className="mt-6 bg-linear-to-r from-brand-from to-brand-to bg-clip-text text-5xl font-extrabold tracking-tight text-transparent sm:text-7xl">
          Social Media Boost
        </h1>
        <p className="mt-6 max-w-xl text-lg text-muted-foreground sm:text-xl">Real followers, instant delivery, affordable prices</p>
        <p className="mt-3 max-w-xl text-sm text-muted-foreground">
          Real people follow your Instagram or TikTok account, or subscribe to your YouTube channel. Your order starts as soon as your
          payment is confirmed and is delivered gradually within 24-48 hours (48-72 hours for YouTube).
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link to="/packages" className={buttonVariants({ variant: "brand", size: "wide" })}>
            BUY FOLLOWERS NOW
            <ArrowRight />
          </Link>
          <Link to="/how-it-works" className={buttonVariants({ variant: "outline", size: "lg" })}>
            How It Works
          </Link>
        </div>
        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-primary" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="pointer-events-none sticky bottom-4 z-30 -mt-11 mb-4 flex justify-end px-4 transition-[opacity,translate,visibility] delay-2000 duration-500 starting:invisible starting:translate-y-4 starting:opacity-0 motion-reduce:duration-0 sm:bottom-6 sm:mb-6 sm:px-6">
        <Link to="/packages" className={buttonVariants({ variant: "brand", size: "lg", className: "pointer-events-auto" })}>
          Get Started
          <ArrowRight />
        </Link>
      </div>
    </section>
  );
}

import { ArrowRight, TrendingUp, type Icon } from "~/components/icons";
import { Banknote, ClipboardCheck, CreditCard, HeartHandshake, Package, Target, UserPlus, Zap } from "~/components/page-icons";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/how-it-works";
import { evidenceHours } from "~/features/deliveries/delivery-rules";

// The same for every signed-out visitor: served from the page cache for a minute.
export const headers = cacheForAnonymousVisitors(60);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "How It Works",
      description:
        "How clients grow their Instagram, TikTok and YouTube accounts with real people, and how workers earn money doing simple social media tasks.",
      path: "/how-it-works",
    },
    matches,
  );

interface Step {
  icon: Icon;
  title: string;
  text: string;
}

interface Audience {
  id: "clients" | "workers";
  label: string;
  intro: string;
  steps: Step[];
  action: { to: string; label: string };
}

const audiences: Audience[] = [
  {
    id: "clients",
    label: "For Clients",
    intro: "Grow an Instagram, TikTok, YouTube, X or Facebook account in three steps.",
    steps: [
      {
        icon: Package,
        title: "Choose your package",
        text: "Pick the platform, what you want (followers, subscribers on YouTube, likes, views or comments) and how many. You see the price in cedis before you pay.",
      },
      {
        icon: CreditCard,
        title: "Pay securely",
        text: "Give us the account's username and a screenshot of it, or the post's link, never your password. Pay by card (Visa, Mastercard, Verve) or mobile money (MTN, Telecel, AT) through our payment provider, Paystack. A 1.7% processing fee is shown before you pay.",
      },
      {
        icon: TrendingUp,
        title: "Watch your growth",
        text: "Work on your order starts once your payment is confirmed. Real people deliver it gradually, usually within 24-48 hours (48-72 hours for YouTube), and your dashboard shows the progress.",
      },
    ],
    action: { to: "/packages", label: "Browse Packages" },
  },
  {
    id: "workers",
    label: "For Workers",
    intro: "Earn money by following accounts and subscribing to channels with the accounts you already use.",
    steps: [
      {
        icon: UserPlus,
        title: "Join the network",
        text: "Apply on the Join Network page and tell us which platforms you use. Our team reviews every application and aims to do so within 24 hours.",
      },
      {
        icon: ClipboardCheck,
        title: "Complete tasks",
        text: `Once approved, you see the tasks clients' orders offer on your platforms: follow an account or subscribe to a channel. Do them with your own real account. If a client cannot find your follow, you are asked for a screenshot within ${evidenceHours} hours.`,
      },
      {
        icon: Banknote,
        title: "Get paid",
        text: "Each task shows its reward before you start, and every completed task adds it to your earnings balance. After a 72-hour check it can be withdrawn to your mobile money wallet once our team approves the request.",
      },
    ],
    action: { to: "/join-network", label: "Join Our Network" },
  },
];

const benefits: Step[] = [
  {
    icon: HeartHandshake,
    title: "Real engagement",
    text: "Every follower and subscriber is a real person's account, not a bot. Each order's page shows who delivered it; a client can flag a delivery they cannot find, its worker must show a screenshot, and our team decides. What is missing is delivered again.",
  },
  {
    icon: Target,
    title: "Targeted growth",
    text: "You choose the platform, the exact account and the amount. Workers who use that platform take the tasks.",
  },
  {
    icon: Zap,
    title: "Instant results",
    text: "Your order starts as soon as your payment is confirmed, and delivery usually completes within 24-48 hours (48-72 hours for YouTube).",
  },
];

export default function HowItWorks() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">How It Works</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Simple for clients, rewarding for workers</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Social Media Boost connects people who want to grow their Instagram, TikTok and YouTube accounts with real people who are paid
          to follow them.
        </p>
      </header>

      <AudienceTabs />

      <section aria-labelledby="why-choose" className="mt-20">
        <h2 id="why-choose" className="text-center text-3xl font-bold tracking-tight">
          Why Choose Social Media Boost
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="get-started" className="mt-20 rounded-2xl border bg-card px-6 py-10 text-center shadow-sm">
        <h2 id="get-started" className="text-2xl font-bold tracking-tight">
          Ready to start?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">Grow your account with a package, or earn money by joining our worker network.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/packages" className={buttonVariants({ variant: "brand", size: "lg" })}>
            Browse Packages
          </Link>
          <Link to="/join-network" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Join Our Network
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * Without JavaScript both audiences show one after the other, each under its own heading. With
 * JavaScript they become an accessible tablist (arrow keys, Home and End, automatic activation).
 * The head script marks <html> with `js` before the first paint, so the second panel and the
 * headings the tabs replace are hidden by CSS until React takes over: nothing jumps on hydration.
 */
function AudienceTabs() {
  const isHydrated = useHydrated();
  const { hash } = useLocation();
  const [selected, setSelected] = useState<Audience["id"]>("clients");
  const tabs = useRef<Partial<Record<Audience["id"], HTMLButtonElement | null>>>({});

  // /how-it-works#for-workers (a link from elsewhere) opens the workers' tab.
  useEffect(() => {
    const match = audiences.find((audience) => hash === `#for-${audience.id}`);
    if (match) setSelected(match.id);
  }, [hash]);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = audiences.findIndex((audience) => audience.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: audiences.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = audiences[(next + audiences.length) % audiences.length];
    setSelected(target.id);
    tabs.current[target.id]?.focus();
  }

  return (
    <div className="mt-12">
      <div role="tablist" aria-label="Who it is for" className="js-only mx-auto flex w-fit rounded-full border bg-muted p-1">
        {audiences.map((audience) => {
          const isSelected = audience.id === selected;
          return (
            <button
              key={audience.id}
              ref={(element) => {
                tabs.current[audience.id] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${audience.id}`}
              aria-controls={`for-${audience.id}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(audience.id)}
              onKeyDown={handleKeyDown}
              className={cn(
                "rounded-full px-5 py-2 text-sm font-semibold transition-colors focus-ring sm:px-8",
                isSelected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {audience.label}
            </button>
          );
        })}
      </div>

      <div className="mt-10 space-y-16 in-[.js]:space-y-0">
        {audiences.map((audience) => (
          <section
            key={audience.id}
            id={`for-${audience.id}`}
            role={isHydrated ? "tabpanel" : undefined}
            aria-labelledby={isHydrated ? `tab-${audience.id}` : `heading-${audience.id}`}
            tabIndex={isHydrated ? 0 : undefined}
            hidden={isHydrated ? audience.id !== selected : undefined}
            // Before hydration with JavaScript on, only the first panel shows (see above).
            className={cn("scroll-mt-24 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring", !isHydrated && audience.id !== "clients" && "no-js-only")}
          >
            <h2 id={`heading-${audience.id}`} className="text-center text-3xl font-bold tracking-tight in-[.js]:sr-only">
              {audience.label}
            </h2>
            <p className="mt-3 text-center text-lg text-muted-foreground in-[.js]:mt-0">{audience.intro}</p>
            <ol className="mt-8 grid gap-6 md:grid-cols-3">
              {audience.steps.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
                  <div className="flex items-center gap-3">
                    <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
                  </div>
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-muted-foreground">{text}</p>
                </li>
              ))}
            </ol>
            <div className="mt-8 text-center">
              <Link to={audience.action.to} className={buttonVariants({ variant: "brand", size: "lg" })}>
                {audience.action.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

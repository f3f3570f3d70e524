import { ArrowRight, ShieldCheck, Smartphone, Users } from "~/components/icons";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";

// The same for every signed-out visitor: served from the page cache for a minute.
export const headers = cacheForAnonymousVisitors(60);

export function meta() {
  return [
    { title: "Social Media Boost | Real followers, instant delivery, affordable prices" },
    { name: "description", content: "Grow your Instagram, TikTok and YouTube accounts with real people. Pay in cedis by card or mobile money." },
  ];
}

const highlights = [
  { icon: Users, text: "Real people, no bots" },
  { icon: ShieldCheck, text: "No password required" },
  { icon: Smartphone, text: "Card or mobile money" },
] as const;

export default function Home() {
  return (
    <section className="relative overflow-hidden">
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
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link to="/packages" className={buttonVariants({ variant: "brand", size: "wide" })}>
            BUY FOLLOWERS NOW
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/how-it-works" className={buttonVariants({ variant: "outline", size: "lg" })}>
            How It Works
          </Link>
        </div>
        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

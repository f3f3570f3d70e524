import { ArrowRight, Smartphone, TrendingUp } from "~/components/icons";
import { BadgeCheck, Briefcase, CalendarDays, Clock, Coffee, Coins, Headset, Hourglass, Layers, ListChecks, MapPin, UserPlus, Wallet } from "~/components/page-icons";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { data, useActionData, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { submitAuthForm } from "~/features/auth/auth-form-action.server";
import { resolveCountry } from "~/features/geo/location.server";
import { marketForCountry } from "~/features/geo/market";
import { listOf, type OpenWorkView, type PaceName, type RecruitmentEarningsView } from "~/features/recruitment/earnings";
import { recruitmentEarningsFor } from "~/features/recruitment/earnings.server";
import { useAuthFormOutcome } from "~/features/auth/use-auth-outcome";
import { registrationFailureNotice, registrationSuccessNotice } from "~/features/recruitment/registration-notice";
import { RegisterLink, RegistrationDialog, RegistrationPanel, registerSectionId } from "~/features/recruitment/worker-registration";
import { cn } from "~/lib/cn";
import { currencySymbols } from "~/lib/money";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/join-network";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Join Our Worker Network", description: "Earn money following accounts, liking posts and watching videos on Instagram, TikTok, YouTube, X and Facebook for Social Media Boost's clients, paid per task in cedis. Register as a worker.", path: "/join-network" }, matches);

/*
 * The figures depend on where the visitor is: the page cache keeps one copy per market (the cache
 * works the market out for each visitor as the loader does), and a shared cache may keep it only
 * when the country comes from the trusted proxy's header (Vary names it; otherwise it is private).
 */
export const headers = cacheForAnonymousVisitors(60, { varyBy: ["market"] });

/**
 * The visitor's market, resolved on the server so the first HTML carries the right currency, and
 * the earnings figures worked out from the catalogue's rewards and the completion limits.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const country = await resolveCountry(request, context.clientAddress, { trustProxy: context.viaTrustedProxy });
  const market = marketForCountry(country);
  return { market, ...(await recruitmentEarningsFor(market)) };
}

/** The worker registration form posts here (SPEC §8's notices replace the /auth page's). */
export async function action({ request, context }: Route.ActionArgs) {
  const response = await submitAuthForm(request, context.clientAddress);
  const result = response.data;
  if (result.ok || result.intent !== "register") return response;
  const status = response.init?.status;
  const notice = registrationFailureNotice(status, result.notice.description);
  // The notice shows above the form; the server's own wording would repeat it inside the form.
  const submission = { ...result.submission, error: result.submission.error && { ...result.submission.error, "": null } };
  return data({ ...result, notice, submission }, response.init ?? undefined);
}

// SPEC §4: after registering, the success callback runs after 1.5 s.
const registrationSuccessDelayMs = 1500;

export default function JoinNetwork({ loaderData }: Route.ComponentProps) {
  const { market, earnings, offer } = loaderData;
  const { open } = earnings;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const isHydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const isSubmitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  // Without JavaScript the form shows inline: after a "Join Now" link (?register=1) or a failed post.
  // Once shown it stays, also after the post's navigation drops the query.
  const opensInline = searchParams.get("register") === "1" || (!isHydrated && result !== undefined && !result.ok);
  const [wasInlineOpened, setWasInlineOpened] = useState(false);
  useEffect(() => {
    if (opensInline) setWasInlineOpened(true);
  }, [opensInline]);
  const isInlineOpen = opensInline || wasInlineOpened;

  const [isDialogOpen, setDialogOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const openRegistration = useCallback(
    (element: HTMLElement) => {
      if (isInlineOpen) {
        // The form is already on the page: take the visitor there rather than opening a second one.
        const section = document.getElementById(registerSectionId);
        section?.scrollIntoView({ behavior: "smooth", block: "start" });
        section?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus({ preventScroll: true });
        return true;
      }
      setOpener(element);
      setDialogOpen(true);
      return true;
    },
    [isInlineOpen],
  );
  const onOpen = isHydrated ? openRegistration : undefined;

  useAuthFormOutcome(result, {
    successNotice: () => registrationSuccessNotice,
    delayMs: () => registrationSuccessDelayMs,
    // The dialog steps aside so the success toast is not hidden behind its backdrop.
    onSuccess: () => setDialogOpen(false),
  });

  const panel = <RegistrationPanel result={result} isSubmitting={isSubmitting} user={user} />;
  const primaryButton = buttonVariants({ variant: "brand", size: "wide" });

  return (
    <>
      {/* Hero */}
      <section aria-labelledby="join-heading" className="relative overflow-hidden border-b">
        <div
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_60%_at_50%_0%,var(--brand-from)_0%,transparent_70%)] opacity-15"
          aria-hidden="true"
        />
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">Join our worker network</p>
          <h1 id="join-heading" className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Earn money with simple social media tasks
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            {capitalize(listOf(offer.actions))} on {listOf(offer.platforms)} for the clients we are growing, from your own phone and in
            your own time. Every task you complete adds its reward to your earnings.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <RegisterLink onOpen={onOpen} className={primaryButton}>
              Join Now
              <ArrowRight aria-hidden="true" />
            </RegisterLink>
            <a href="#earnings" className={buttonVariants({ variant: "outline", size: "lg" })}>
              See what you could earn
            </a>
          </div>
          <MarketBadge label={market.label} earnings={earnings} />
        </div>
      </section>

      {isInlineOpen ? (
        <section id={registerSectionId} aria-labelledby="register-heading" className="scroll-mt-20 border-b bg-muted/40">
          <div className="mx-auto max-w-xl px-4 py-12">
            <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
              <h2 id="register-heading" className="text-2xl font-bold tracking-tight">
                Create your worker account
              </h2>
              <p className="mt-2 text-sm text-muted-foreground">
                Choose the platforms you use. Our team reviews every new worker account before tasks are offered.
              </p>
              <div className="mt-6">{panel}</div>
            </div>
          </div>
        </section>
      ) : null}

      {/* Earning-rate cards */}
      <section id="earnings" aria-labelledby="earnings-heading" className="scroll-mt-20">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="earnings-heading" eyebrow="Earnings" title="What you could earn">
            {open
              ? `What the tasks open right now pay, and the most a new worker could earn from them in an hour and in a day within our limits, in ${currencyName(earnings)}. Tasks come from clients' orders, so these figures change as orders arrive and workers take tasks.`
              : `What each task pays, in ${currencyName(earnings)}. No task is open right now: tasks come from clients' orders, and open as clients pay for them.`}
          </SectionHeading>
          <ul className={cn("mt-10 grid gap-6", open ? "md:grid-cols-3" : "md:grid-cols-2")}>
            <RateCard icon={<Coins />} label="Per task" figure={open ? open.perTask : earnings.ratesFigure}>
              {open ? `${capitalize(rewardList(open.rewards))}, as the open tasks pay them.` : `${capitalize(rewardList(earnings.rates))}, as each service pays it today.`} Each
              task shows its reward before you do it.
            </RateCard>
            {open ? (
              <>
                <RateCard icon={<Clock />} label="Per hour of work" figure={open.hour.figure}>
                  {hourNote(earnings, open)}
                </RateCard>
                <RateCard icon={<CalendarDays />} label="Per day" figure={open.day.figure}>
                  {dayNote(earnings, open)}
                </RateCard>
              </>
            ) : (
              <RateCard icon={<Clock />} label="Open right now" figure="No tasks">
                No client order is waiting for workers at the moment, so there is nothing to earn right now. When tasks open, {pauseBetweenTasks(earnings)}, and{" "}
                {earnings.tasksPerDay} tasks a day at most.
              </RateCard>
            )}
          </ul>
          {open ? <OpenTasks open={open} /> : null}
          <EarningsNote earnings={earnings} />
        </div>
      </section>

      {/* Three steps */}
      <section aria-labelledby="steps-heading" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="steps-heading" eyebrow="How it works" title="Start in three steps" />
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            <Step number={1} icon={<UserPlus />} title="Register">
              Create your worker account with your email, a username and the platforms you have accounts on.
            </Step>
            <Step number={2} icon={<Hourglass />} title="We review your account">
              Our team reviews every new worker account and aims to do it within 24 hours. Your dashboard shows &ldquo;waiting for
              review&rdquo; until your account is approved.
            </Step>
            <Step number={3} icon={<Wallet />} title="Start earning">
              Once approved, your dashboard lists the tasks clients&rsquo; orders offer on your platforms. Each task you complete adds its
              reward to your earnings.
            </Step>
          </ol>
        </div>
      </section>

      {/* Benefits */}
      <section aria-labelledby="benefits-heading">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="benefits-heading" eyebrow="Why join" title="Work that fits around your life" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <Benefit icon={<Clock />} title="Flexible hours">
              No shifts and no minimum: do tasks when it suits you, for a few minutes or a few hours.
            </Benefit>
            <Benefit icon={<Smartphone />} title="Just your phone">
              Every task is done in the social media apps you already use. No equipment, no office.
            </Benefit>
            <Benefit icon={<Layers />} title="Your platforms">
              Pick the platforms you have accounts on. Clients order on {listOf(offer.platforms)}, so that is where tasks are today.
            </Benefit>
            <Benefit icon={<ListChecks />} title="Simple tasks">
              {capitalize(listOf(offer.actions))}, with your own account. Each task says exactly what to do.
            </Benefit>
            <Benefit icon={<BadgeCheck />} title="Clear earnings">
              Every completed task is recorded on your account, so you always see what you have earned.
            </Benefit>
            <Benefit icon={<Headset />} title="Help when you need it">
              Questions about a task or a payout? <Link to="/support" className="font-medium text-primary underline-offset-4 hover:underline">Our support team</Link> is there to help.
            </Benefit>
          </ul>
        </div>
      </section>

      {/* Earnings tiers: the open tasks at three paces, each stating how many tasks a day it assumes. */}
      <section aria-labelledby="tiers-heading" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="tiers-heading" eyebrow="Your pace" title="Earnings by how much you work">
            {open
              ? `What a day brings at your pace, from the tasks open right now: ${open.day.tasks < open.tasks ? `a day holds ${open.day.tasks} of the ${open.tasks} open, the daily limit` : `a day holds all ${countOf(open.tasks, "open task")} (the daily limit is ${earnings.tasksPerDay})`}.`
              : `No task is open right now, so there is no day's earnings to work out at any pace. Once tasks open, choose your own pace, up to ${earnings.tasksPerDay} tasks a day.`}
          </SectionHeading>
          {open ? (
            <ul className={cn("mt-10 grid gap-6", open.paces.length === 3 ? "md:grid-cols-3" : open.paces.length === 2 ? "md:grid-cols-2" : "mx-auto max-w-sm")}>
              {open.paces.map(({ name, tasksPerDay, figure }) => {
                const { label, icon, description } = paceCopy[name];
                return <Tier key={name} icon={icon} name={label} figure={figure} tasksPerDay={tasksPerDay} description={description} isHighlighted={name === "active"} />;
              })}
            </ul>
          ) : null}
          {open ? <EarningsNote earnings={earnings} /> : null}
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <div className="rounded-2xl bg-linear-to-br from-brand-from to-brand-to px-6 py-12 text-center text-white shadow-lg sm:px-12 dark:from-[oklch(0.54_0.22_293)] dark:to-[oklch(0.56_0.22_350)]">
            <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
              Ready to start earning?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-white/90">Registration takes a minute. Our team aims to review your account within 24 hours.</p>
            <RegisterLink
              onOpen={onOpen}
              className={buttonVariants({ variant: "secondary", size: "wide", className: "mt-8 shadow-md" })}
            >
              Start Earning
              <ArrowRight aria-hidden="true" />
            </RegisterLink>
          </div>
        </div>
      </section>

      <LocationNote earnings={earnings} />

      {isHydrated ? (
        <RegistrationDialog isOpen={isDialogOpen && !isInlineOpen} onClosed={() => setDialogOpen(false)} opener={opener}>
          {panel}
        </RegistrationDialog>
      ) : null}
    </>
  );
}

function MarketBadge({ label, earnings }: { label: string; earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto mt-8 flex w-fit max-w-full flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-full border bg-background/80 px-4 py-1.5 text-sm text-muted-foreground">
      <MapPin className="size-4 text-primary" aria-hidden="true" />
      <span>
        Rates for <strong className="font-semibold text-foreground">{label}</strong>, in {earnings.currency} ({currencySymbols[earnings.currency]})
        {earnings.cedisPerDollar ? ", approximate" : null}
      </span>
    </p>
  );
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function currencyName(earnings: RecruitmentEarningsView) {
  return earnings.currency === "GHS" ? "Ghana cedis" : "US dollars (approximate)";
}

function pauseBetweenTasks({ minIntervalSeconds }: RecruitmentEarningsView) {
  if (minIntervalSeconds === 0) return "there is no pause between tasks";
  const pause = minIntervalSeconds >= 60 && minIntervalSeconds % 60 === 0 ? countOf(minIntervalSeconds / 60, "minute") : countOf(minIntervalSeconds, "second");
  return `tasks are at least ${pause} apart`;
}

/** "3 tasks", "1 task". */
function countOf(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** "a follow ₵0.45, a like ₵0.08 – ₵0.10". */
function rewardList(rewards: { action: string; figure: string }[]) {
  return rewards.map(({ action, figure }) => `${action} ${figure}`).join(", ");
}

/** Why the hour holds what it holds: the limits, or the open tasks running out first. */
function hourNote(earnings: RecruitmentEarningsView, open: OpenWorkView) {
  const limits = `${pauseBetweenTasks(earnings)}, and ${earnings.tasksPerDay} tasks a day at most`;
  if (open.hour.tasks < open.tasks) return `${open.hour.tasks} of the ${countOf(open.tasks, "task")} open now, the most an hour allows: ${limits}.`;
  return `All ${countOf(open.tasks, "open task")} fit in an hour (${limits}): that is everything open to a new worker right now.`;
}

/** Why the day holds what it holds; the same as the hour only when the open tasks all fit in one. */
function dayNote(earnings: RecruitmentEarningsView, open: OpenWorkView) {
  if (open.day.tasks < open.tasks) return `At the daily limit of ${earnings.tasksPerDay} tasks, of the ${countOf(open.tasks, "task")} open now.`;
  if (open.hour.tasks < open.tasks) return `All ${countOf(open.tasks, "open task")}, within the daily limit of ${earnings.tasksPerDay}.`;
  return `No more than in an hour: the ${countOf(open.tasks, "open task")} ${open.tasks === 1 ? "is" : "are"} all there is until clients order more. The daily limit is ${earnings.tasksPerDay} tasks.`;
}

const paceCopy = {
  casual: { label: "Casual", icon: <Coffee />, description: "A tenth of what a day holds, in your spare time." },
  active: { label: "Active", icon: <TrendingUp />, description: "Half of what a day holds." },
  fullTime: { label: "Full-time", icon: <Briefcase />, description: "Everything a day holds: the open tasks, up to the daily limit." },
} satisfies Record<PaceName, { label: string; icon: ReactNode; description: string }>;

function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {children ? <p className="mt-3 text-muted-foreground">{children}</p> : null}
    </div>
  );
}

const iconBox = "flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5";

function RateCard({ icon, label, figure, children }: { icon: ReactNode; label: string; figure: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border bg-card p-6 shadow-sm">
      <div className={iconBox} aria-hidden="true">
        {icon}
      </div>
      <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{label}</h3>
      <p className="mt-1 text-3xl font-extrabold tracking-tight">{figure}</p>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

function Step({ number, icon, title, children }: { number: number; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="relative rounded-2xl border bg-card p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-linear-to-br from-brand-from to-brand-to text-sm font-bold text-white">
          <span className="sr-only">Step </span>
          {number}
        </span>
        <span className="text-primary [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-bold">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

function Benefit({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border bg-card p-6 shadow-sm">
      <div className={cn(iconBox, "shrink-0")} aria-hidden="true">
        {icon}
      </div>
      <div>
        <h3 className="font-bold">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

function Tier({
  icon,
  name,
  figure,
  tasksPerDay,
  description,
  isHighlighted,
}: {
  icon: ReactNode;
  name: string;
  figure: string;
  tasksPerDay: number;
  description: string;
  isHighlighted?: boolean;
}) {
  return (
    <li className={cn("rounded-2xl border bg-card p-6 text-center shadow-sm", isHighlighted && "border-primary ring-1 ring-primary")}>
      <div className={cn(iconBox, "mx-auto")} aria-hidden="true">
        {icon}
      </div>
      <h3 className="mt-4 text-lg font-bold">{name}</h3>
      <p className="mt-2 text-3xl font-extrabold tracking-tight">{figure}</p>
      <p className="text-sm font-medium text-muted-foreground">a day, at {countOf(tasksPerDay, "task")}</p>
      <p className="mt-3 text-sm text-muted-foreground">{description}</p>
    </li>
  );
}

/** How the page chose the market, and the attribution the GeoLite2 licence (CC BY-SA 4.0) asks for. */
function LocationNote({ earnings }: { earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto max-w-3xl px-4 pb-12 text-center text-xs text-muted-foreground">
      {earnings.currency === "USD" ? "Visitors we locate in Ghana see figures in cedis; everyone else sees them in US dollars, approximately. " : null}
      We estimate the country from your connection&rsquo;s IP address on our own server and do not store it. This product includes GeoLite2
      data created by MaxMind, available from{" "}
      <a href="https://www.maxmind.com" className="underline underline-offset-2 hover:text-foreground">
        https://www.maxmind.com
      </a>
      .
    </p>
  );
}

/** The open tasks by platform: what a new worker could do on each platform they join and link. */
function OpenTasks({ open }: { open: OpenWorkView }) {
  return (
    <section aria-labelledby="open-tasks-heading" className="mx-auto mt-10 max-w-3xl rounded-2xl border bg-card p-6 shadow-sm">
      <h3 id="open-tasks-heading" className="text-lg font-bold">
        Open to a new worker right now
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {countOf(open.tasks, "task")}, {open.total} in all. A worker does each account or post once for each kind of task, so this is everything a new
        worker could do today on the platforms they join and link.
      </p>
      <ul className="mt-4 divide-y text-sm">
        {open.platforms.map(({ label, tasks, total, kinds }) => (
          <li key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <span>
              <strong className="font-semibold">{label}</strong>: {kinds.map(({ tasks: count, actions, figure }) => `${count} ${actions} at ${figure}`).join(", ")}
            </span>
            <span className="ml-auto font-semibold whitespace-nowrap">
              {total}
              <span className="sr-only"> in all for {countOf(tasks, "task")}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the figures are, beside every set of them. */
function EarningsNote({ earnings }: { earnings: RecruitmentEarningsView }) {
  return (
    <p className="mx-auto mt-8 max-w-3xl rounded-lg border bg-background px-4 py-3 text-center text-sm text-muted-foreground">
      {earnings.open
        ? "These figures are worked out from the tasks open right now, one per account or post, and the limits on how many tasks you can do; a range runs from the lowest-paying of those tasks to the best-paying. "
        : "Each task pays the reward its service pays today. "}
      None of this is a guarantee: other workers take tasks too, new ones open as clients pay for orders, and a new worker account is reviewed before it is
      offered any. Earnings are recorded on your account as you complete tasks, and payouts are made by our team after review.{" "}
      {earnings.cedisPerDollar
        ? `Workers are paid in Ghana cedis; the dollar figures are converted at ₵${earnings.cedisPerDollar} to $1 and are approximate.`
        : "Workers are paid in Ghana cedis."}
    </p>
  );
}

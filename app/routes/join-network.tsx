import { ArrowRight, Smartphone } from "~/components/icons";
import { BadgeCheck, CalendarDays, Clock, Coins, Headset, Hourglass, Layers, ListChecks, UserPlus, Wallet } from "~/components/page-icons";
import { useCallback, useEffect, useState } from "react";
import { data, useActionData, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { submitAuthForm } from "~/features/auth/auth-form-action.server";
import { resolveCountry } from "~/features/geo/location.server";
import { marketForCountry } from "~/features/geo/market";
import { listOf } from "~/features/recruitment/earnings";
import { recruitmentEarningsFor } from "~/features/recruitment/earnings.server";
import { useAuthFormOutcome } from "~/features/auth/use-auth-outcome";
import { registrationFailureNotice, registrationSuccessNotice } from "~/features/recruitment/registration-notice";
import { RegisterLink, RegistrationDialog, RegistrationPanel, registerSectionId } from "~/features/recruitment/worker-registration";
import { cn } from "~/lib/cn";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/join-network";
import { pageMeta } from "~/lib/seo";
import { Benefit, EarningsNote, LocationNote, MarketBadge, OpenTasks, RateCard, SectionHeading, Step, Tier, capitalize, countOf, currencyName, dayNote, hourNote, paceCopy, pauseBetweenTasks, rewardList } from "~/features/recruitment/join-network-parts";

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

import { CircleCheck, Clock } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { type CatalogPlatform, catalogPlatforms, targetUrlFor } from "~/features/catalog";
import { ProfileLink } from "~/components/profile-link";
import { listOf, platformName } from "./worker-display";
import type { LinkHandleResult, WorkerProfile } from "./worker-profile.server";

type LinkFailure = Extract<LinkHandleResult, { ok: false }>;

/** The linked-accounts section of /profile, a long settings page: links about handles land there, not at its top. */
export const linkedAccountsId = "linked-accounts";
export const linkedAccountsHref = `/profile#${linkedAccountsId}`;

interface WorkerProfileViewProps {
  user: { fullName: string; email: string; username: string };
  profile: WorkerProfile;
  /** The platform whose handle was just saved (PRG `?linked=`). */
  saved: { platform: string; handle: string } | null;
  failure: LinkFailure | null;
}

/**
 * The worker's profile: one small form per platform they joined, linking (or changing) their
 * handle there. Plain posts to the route's action, so it works without JavaScript; the same
 * validation and service as PUT /api/worker/handles, with its errors shown under the field.
 */
export function WorkerProfileView({ user, profile, saved, failure }: WorkerProfileViewProps) {
  const linkedAccountsRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // A link to the section brings the focus with the scroll (the root leaves a page's own focus alone).
  useEffect(() => {
    if (hash === `#${linkedAccountsId}`) linkedAccountsRef.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <div className="grid gap-8">
      <section aria-labelledby="account-heading" className="rounded-xl border bg-card p-6">
        <h2 id="account-heading" className="text-lg font-bold">
          Worker account
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium">{user.fullName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Username</dt>
            <dd className="font-medium break-all">{user.username}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium break-all">{user.email}</dd>
          </div>
        </dl>
        {profile.status === "pending_review" ? (
          <p className="mt-4 flex gap-2 text-sm text-muted-foreground">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Your worker account is waiting for review. Link your accounts now, and tasks can start as soon as an admin approves it.
          </p>
        ) : null}
      </section>

      <section aria-labelledby={linkedAccountsId} className="rounded-xl border bg-card p-6">
        {/* The anchor's target and, after a link here, the focus: clear of the sticky header, and no ring on a heading. */}
        <h2 ref={linkedAccountsRef} id={linkedAccountsId} tabIndex={-1} className="scroll-mt-24 text-lg font-bold outline-none">
          Linked accounts
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Tasks on a platform are offered once your handle there is linked: you do each task with that account, and it is how we check the
          work. One handle per platform, and a handle belongs to one worker account only.
        </p>

        {saved ? (
          <div role="status" className="mt-4 flex gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              Your {platformName(saved.platform)} handle is linked: <span className="font-semibold">@{saved.handle}</span>.{" "}
              <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
                See your tasks
              </Link>
            </p>
          </div>
        ) : null}

        {profile.handles.length === 0 ? (
          <p className="mt-4">
            None of the platforms you joined has tasks yet: tasks are offered on {listOf(catalogPlatforms.map(platformName))}.
          </p>
        ) : (
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {profile.handles.map(({ platform, handle }) => (
              <li key={platform}>
                <HandleForm platform={platform} handle={handle} failure={failure?.platform === platform ? failure : null} />
              </li>
            ))}
          </ul>
        )}
        {profile.otherPlatforms.length > 0 && profile.handles.length > 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">
            You also joined {profile.otherPlatforms.map(platformName).join(" and ")}: no tasks are offered there yet.
          </p>
        ) : null}
        {failure && !profile.handles.some((item) => item.platform === failure.platform) ? (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {failure.error}
          </p>
        ) : null}
      </section>

      <div>
        <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
          Back to your dashboard
        </Link>
      </div>
    </div>
  );
}

function HandleForm({ platform, handle, failure }: { platform: CatalogPlatform; handle: string | null; failure: LinkFailure | null }) {
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("platform") === platform;
  const inputId = `handle-${platform}`;
  const messageId = `${inputId}-message`;
  const label = platformName(platform);
  return (
    // Back at this section after the post, with or without JavaScript.
    <Form method="post" action={linkedAccountsHref} className="grid gap-2 rounded-lg border p-4">
      <input type="hidden" name="platform" value={platform} />
      <label htmlFor={inputId} className="text-sm font-medium">
        {label} handle
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          // A refused value is shown again with its error; a saved one becomes the default.
          key={failure ? `failed:${failure.value}` : `saved:${handle ?? ""}`}
          id={inputId}
          name="handle"
          type="text"
          defaultValue={failure ? failure.value : handle ? `@${handle}` : ""}
          placeholder="@yourhandle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-invalid={failure ? true : undefined}
          aria-describedby={messageId}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive"
        />
        <Button type="submit" variant={handle ? "outline" : "default"} disabled={isSaving} className="h-10">
          {isSaving ? "Saving…" : handle ? "Change" : "Link"}
          <span className="sr-only"> {label} handle</span>
        </Button>
      </div>
      <p id={messageId} className={failure ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
        {failure ? (
          failure.error
        ) : handle ? (
          <>
            Linked: <ProfileLink url={targetUrlFor(platform, handle)}>@{handle}</ProfileLink>
          </>
        ) : (
          "Not linked yet: no tasks on this platform until you link it."
        )}
      </p>
    </Form>
  );
}

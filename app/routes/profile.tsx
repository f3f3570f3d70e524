import { data, Link, redirect } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { isCatalogPlatform } from "~/features/catalog/catalog";
import { WorkerProfileView } from "~/features/fulfilment/worker-profile";
import { linkHandleFromForm, loadWorkerProfile } from "~/features/fulfilment/worker-profile.server";
import type { Route } from "./+types/profile";
import { readFormData } from "~/lib/request-body.server";

/*
 * The worker's profile: linked platform handles (the proof of who did a task). Signed in only; a
 * page of one user's data, so no shared cache may keep it.
 */

export function meta() {
  return [{ title: "Your Profile | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePageUser(request);
  if (user.role !== "worker") return data({ isWorker: false as const, role: user.role }, { status: 403 });
  const profile = await loadWorkerProfile(user);
  // `?saved=<platform>` after a successful post (PRG): shown while that handle is linked.
  const savedPlatform = new URL(request.url).searchParams.get("saved");
  const savedHandle = isCatalogPlatform(savedPlatform) ? profile.handles.find((item) => item.platform === savedPlatform)?.handle : null;
  return {
    isWorker: true as const,
    user: { fullName: user.fullName, email: user.email, username: user.username },
    profile,
    saved: savedHandle && savedPlatform ? { platform: savedPlatform, handle: savedHandle } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePageUser(request);
  if (user.role !== "worker") return data({ failure: { ok: false as const, status: 403, platform: null, value: "", error: "Only workers link platform handles." } }, { status: 403 });
  const result = await linkHandleFromForm(user, await readFormData(request));
  if (result.ok) throw redirect(`/profile?saved=${result.platform}`, 303);
  return data({ failure: result }, { status: result.status });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">Worker profile</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Your profile</h1>
      <div className="mt-8">
        {loaderData.isWorker ? (
          <WorkerProfileView user={loaderData.user} profile={loaderData.profile} saved={loaderData.saved} failure={actionData?.failure ?? null} />
        ) : (
          <section role="status" className="rounded-xl border bg-card p-6">
            <h2 className="text-lg font-bold">This page is for workers</h2>
            <p className="mt-2 text-muted-foreground">
              Workers link their platform accounts here. Your account is a {loaderData.role} account, so there is nothing to set up on this page.
            </p>
            <Link to="/dashboard" className={buttonVariants({ variant: "outline", className: "mt-4" })}>
              Go to your dashboard
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}

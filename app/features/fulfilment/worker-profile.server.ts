import type { PublicUser } from "~/features/auth/index.server";
import { type CatalogPlatform, isCatalogPlatform } from "~/features/catalog";
import { isAppError } from "~/lib/errors";
import { workerHandleSchema } from "./handle-schema";
import { linkWorkerHandle, listWorkerHandles } from "./worker-handles.server";

/** The worker's /profile: their handle on each platform they joined that the store sells tasks for. */
export interface WorkerProfile {
  status: PublicUser["status"];
  handles: { platform: CatalogPlatform; handle: string | null }[];
  /** Joined platforms with no tasks (the store sells no packages there). */
  otherPlatforms: string[];
}

export async function loadWorkerProfile(worker: PublicUser): Promise<WorkerProfile> {
  const linked = new Map((await listWorkerHandles(worker)).map((item) => [item.platform, item.handle]));
  return {
    status: worker.status,
    handles: worker.platforms.filter(isCatalogPlatform).map((platform) => ({ platform, handle: linked.get(platform) ?? null })),
    otherPlatforms: worker.platforms.filter((platform) => !isCatalogPlatform(platform)),
  };
}

export type LinkHandleResult =
  | { ok: true; platform: CatalogPlatform; handle: string }
  /** `value` is what was typed, so the form shows it again beside the error. */
  | { ok: false; status: number; platform: string | null; value: string; error: string };

/** One platform's form (platform, handle): the same schema and service as PUT /api/worker/handles. */
export async function linkHandleFromForm(worker: PublicUser, form: FormData): Promise<LinkHandleResult> {
  const platform = typeof form.get("platform") === "string" ? String(form.get("platform")) : null;
  const value = typeof form.get("handle") === "string" ? String(form.get("handle")) : "";
  const parsed = workerHandleSchema.safeParse({ platform, handle: value });
  if (!parsed.success) return { ok: false, status: 400, platform, value, error: parsed.error.issues[0]?.message ?? "Invalid handle format" };
  try {
    const linked = await linkWorkerHandle(worker, parsed.data);
    return { ok: true, platform: parsed.data.platform, handle: linked.handle };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, status: error.status, platform, value, error: error.message };
    throw error;
  }
}

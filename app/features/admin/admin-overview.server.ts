import type { PublicUser } from "~/features/auth/index.server";
import { type AdminStats, adminStats, statsPeriodSchema } from "./stats.server";

/** The admin dashboard's data: the stats for `?period=` (7d, 30d, 90d; anything else reads as 30d). */
export async function loadAdminOverview(admin: PublicUser, url: URL): Promise<AdminStats> {
  const parsed = statsPeriodSchema.safeParse(url.searchParams.get("period") ?? undefined);
  return adminStats(admin, parsed.success ? parsed.data : "30d");
}

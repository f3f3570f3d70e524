import { getPrisma } from "~/lib/database/db.server";
import { EnvError } from "~/lib/env.server";
import { isAppError } from "~/lib/errors";
import { createAdminAccount } from "./accounts.server";
import { adminAccountSchema } from "./auth-schema";

/**
 * BOOTSTRAP_ADMIN_EMAIL + BOOTSTRAP_ADMIN_PASSWORD: the first admin of a fresh deployment (or of a
 * test rig, whose embedded database no second process may open for `npm run create-admin`). Runs
 * at start-up and does nothing once any admin exists, so changing or removing the variables later
 * changes no account. The password is never logged or echoed in an error.
 */
export type BootstrapAdminOutcome = { outcome: "created"; email: string } | { outcome: "exists" } | { outcome: "conflict"; message: string };

export const bootstrapAdminUsername = "admin";
export const bootstrapAdminFullName = "Administrator";

export async function ensureBootstrapAdmin({ email, password }: { email: string; password: string }): Promise<BootstrapAdminOutcome> {
  const parsed = adminAccountSchema.safeParse({ email, password, username: bootstrapAdminUsername, fullName: bootstrapAdminFullName });
  if (!parsed.success) {
    // Zod's issues carry the path and message, never the value.
    throw new EnvError(parsed.error.issues.map((issue) => `BOOTSTRAP_ADMIN_${String(issue.path[0]).toUpperCase()}: ${issue.message}`));
  }
  if (await hasAdmin()) return { outcome: "exists" };
  try {
    const admin = await createAdminAccount(parsed.data);
    return { outcome: "created", email: admin.email };
  } catch (error) {
    // Another process starting at the same moment may have created it: that is the goal reached.
    if (isAppError(error) && error.status === 409) {
      return (await hasAdmin()) ? { outcome: "exists" } : { outcome: "conflict", message: error.message };
    }
    throw error;
  }
}

async function hasAdmin(): Promise<boolean> {
  return (await getPrisma().user.count({ where: { role: "admin" } })) > 0;
}

import type { UserRole } from "~/generated/prisma/client";

export type { UserRole };

/** The signed-in user as every page sees it (root loader data); null when signed out. */
export interface SessionUser {
  email: string;
  username: string;
  fullName: string;
  role: UserRole;
}

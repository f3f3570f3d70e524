export type UserRole = "client" | "worker" | "admin";

/** The signed-in user as every page sees it (root loader data); null when signed out. */
export interface SessionUser {
  email: string;
  username: string;
  fullName: string;
  role: UserRole;
}

import { data } from "react-router";
import { type PublicUser, requirePageUser } from "~/features/auth/index.server";
import { adminPageSize } from "./admin-schemas";

/**
 * An admin page's signed-in admin: signed out goes to sign-in and back; any other role gets a 403
 * that the admin layout's error boundary explains.
 */
export async function requireAdminPage(request: Request, url: URL): Promise<PublicUser> {
  const user = await requirePageUser(request, url);
  if (user.role !== "admin") throw data({ message: "This area is for admins." }, { status: 403 });
  return user;
}

/** One page of a list, with what the pagination links need. */
export interface AdminPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export function pageWindow(page: number) {
  return { skip: (page - 1) * adminPageSize, take: adminPageSize };
}

export function toAdminPage<T>(items: T[], page: number, total: number): AdminPage<T> {
  return { items, page, pageSize: adminPageSize, total, pageCount: Math.max(1, Math.ceil(total / adminPageSize)) };
}

/** Cedis (or dollars) as a number, as every API shape carries them (decision 0010). */

export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

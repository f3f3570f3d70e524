import { AppError } from "~/lib/errors";
import type { UserRole } from "~/lib/session-user";

/** Every admin service starts here (authorize in the service, whoever calls it): 403 for any other role. */
export function assertAdmin(user: { role: UserRole }): void {
  if (user.role !== "admin") throw new AppError(403, "forbidden", "Access denied");
}

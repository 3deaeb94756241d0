import type { Principal } from "../auth/principal";
import { ApiError } from "../errors/api-error";

/** The signed-in person behind a dashboard session; any other caller is refused (accounts are dashboard-only). */
export function sessionUserId(principal: Principal): string {
  if (principal.kind !== "session" || principal.userId === null) throw new ApiError("FORBIDDEN", "account.dashboardOnly");
  return principal.userId;
}

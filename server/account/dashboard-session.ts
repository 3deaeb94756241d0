import { getServerSession } from "next-auth";
import type { Principal } from "../auth/principal";
import { authOptions, type InmoSession } from "../auth/next-auth-options";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { memberRoleOf, type MemberRole } from "../settings/dashboard-role";

/** What a dashboard page knows about its viewer, resolved on the server for every request. */
export interface DashboardViewer {
  principal: Principal;
  role: MemberRole;
  user: { id: string; name: string; email: string };
}

/**
 * The signed-in member in their active organization, or null (no session,
 * or no membership left). Pages redirect to /login on null; Settings pages
 * also check `role`.
 */
export async function getDashboardViewer(): Promise<DashboardViewer | null> {
  const session = (await getServerSession(authOptions)) as InmoSession | null;
  if (!session?.userId) return null;
  const db = await getDb();
  const principal = await resolvePrincipalFromSession(db, session);
  if (!principal || principal.userId === null) return null;
  const [role, user] = await Promise.all([
    memberRoleOf(db, principal),
    db.user.findUnique({ where: { id: principal.userId }, select: { id: true, name: true, email: true } }),
  ]);
  if (role === null || user === null) return null;
  return { principal, role, user };
}

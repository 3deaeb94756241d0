import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Principal } from "../auth/principal";
import { authOptions, type InmoSession } from "../auth/next-auth-options";
import { resolvePrincipalFromSession } from "../auth/resolve-session";
import { getDb } from "../db";
import { hasRole, MANAGERS, type MemberRole } from "../auth/roles";

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
export const getDashboardViewer = cache(async (): Promise<DashboardViewer | null> => {
  const session = (await getServerSession(authOptions)) as InmoSession | null;
  if (!session?.userId) return null;
  const db = await getDb();
  const principal = await resolvePrincipalFromSession(db, session);
  if (!principal || principal.userId === null || principal.role === null) return null;
  const user = await db.user.findUnique({ where: { id: principal.userId }, select: { id: true, name: true, email: true } });
  if (user === null) return null;
  return { principal, role: principal.role, user };
});

/** For dashboard pages: the viewer, or off to the sign-in page (coming back here afterwards). */
export async function requireViewer(returnTo: string): Promise<DashboardViewer> {
  const viewer = await getDashboardViewer();
  if (!viewer) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}

/** For Settings pages: the viewer and whether their role lets them in (checked here, not only hidden in the menu). */
export async function requireSettingsViewer(returnTo: string): Promise<{ viewer: DashboardViewer; allowed: boolean }> {
  const viewer = await requireViewer(returnTo);
  return { viewer, allowed: hasRole(viewer.role, MANAGERS) };
}

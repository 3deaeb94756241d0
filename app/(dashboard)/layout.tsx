import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "~/components/providers";
import { AppShell } from "~/components/shell/app-shell";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { canManageSettings } from "~/server/settings/dashboard-role";

/**
 * Every dashboard page is protected here, on the server: no session (or no
 * membership left) means the sign-in page. Strings and dates follow the
 * active organization's language and time zone.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await getDashboardViewer();
  if (!viewer) redirect("/login");
  const { organization } = viewer.principal;
  return (
    <Providers locale={organization.locale} timeZone={organization.timezone}>
      <AppShell
        viewer={{
          name: viewer.user.name,
          email: viewer.user.email,
          role: viewer.role,
          organization: { id: organization.id, name: organization.name },
          canManageSettings: canManageSettings(viewer.role),
        }}
      >
        {children}
      </AppShell>
    </Providers>
  );
}

import type { ReactNode } from "react";
import { Providers } from "~/components/providers";
import { AppShell } from "~/components/shell/app-shell";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { hasRole, MANAGERS } from "~/server/auth/roles";
import { getDb } from "~/server/db";
import { organizationCurrency } from "~/server/settings/organization-settings";

/**
 * The dashboard frame for the signed-in member. Every page is protected on
 * the server by `requireViewer`, which sends a visitor without a session (or
 * without a membership) to the sign-in page and back afterwards. Strings and dates follow the
 * active organization's language and time zone; lead values its currency.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await getDashboardViewer();
  // Each page sends a signed-out visitor to /login with the address to come back to.
  if (!viewer) return <>{children}</>;
  const { organization } = viewer.principal;
  const currency = await organizationCurrency(await getDb(), organization.id);
  return (
    <Providers locale={organization.locale} timeZone={organization.timezone} currency={currency}>
      <AppShell
        viewer={{
          name: viewer.user.name,
          email: viewer.user.email,
          role: viewer.role,
          organization: { id: organization.id, name: organization.name, sandbox: organization.sandbox },
          canManageSettings: hasRole(viewer.role, MANAGERS),
        }}
      >
        {children}
      </AppShell>
    </Providers>
  );
}

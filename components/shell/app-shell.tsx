"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { cx } from "../ui/cx";
import { LogoMark } from "./icons";
import { navItemsFor } from "./nav-items";
import { OrganizationSwitcher } from "./organization-switcher";
import { UserMenu } from "./user-menu";

export interface ShellViewer {
  name: string;
  email: string;
  role: "owner" | "admin" | "member";
  organization: { id: string; name: string };
  canManageSettings: boolean;
}

/** The dashboard frame: a sidebar with the organization switcher, the main sections and the signed-in person. */
export function AppShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  const { t, locale } = useI18n();
  const pathname = usePathname();
  const items = navItemsFor(t, viewer);
  return (
    <div lang={locale} className="flex min-h-screen">
      {/* The column spans the whole page (background and border); its content stays in view while the page scrolls. */}
      <aside className="w-60 shrink-0 border-r border-line bg-surface">
        <div className="sticky top-0 flex h-screen flex-col">
          <div className="flex items-center gap-2.5 px-5 pb-4 pt-5">
            <LogoMark />
            <span className="text-lg font-semibold tracking-tight">inmo</span>
          </div>
          <div className="px-3">
            <OrganizationSwitcher current={viewer.organization} />
          </div>
          <nav aria-label={t.nav.mainNavigation} className="mt-4 flex flex-1 flex-col gap-0.5 px-3">
            {items.map((item) => {
              const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cx(
                    "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                    active ? "bg-accent-soft text-accent" : "text-ink-muted hover:bg-canvas hover:text-ink",
                  )}
                >
                  {item.icon}
                  {item.label}
                </Link>
              );
            })}
          </nav>
          <div className="border-t border-line p-3">
            <UserMenu name={viewer.name} email={viewer.email} role={viewer.role} />
          </div>
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        <div className="mx-auto max-w-7xl px-8 py-8">{children}</div>
      </main>
    </div>
  );
}

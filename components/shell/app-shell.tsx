"use client";

import Link from "next/link";
import type { MemberRole } from "~/server/auth/roles";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { cx } from "../ui/cx";
import { Sheet } from "../ui/sheet";
import { NotificationBell } from "../notifications/notification-bell";
import { useLiveNotifications } from "../notifications/use-live-notifications";
import { LogoMark, MenuIcon } from "./icons";
import { navItemsFor, type NavItem } from "./nav-items";
import { OrganizationSwitcher } from "./organization-switcher";
import { SandboxBanner } from "./sandbox-banner";
import { UserMenu } from "./user-menu";

export interface ShellViewer {
  name: string;
  email: string;
  role: MemberRole;
  organization: { id: string; name: string; sandbox: boolean };
  canManageSettings: boolean;
}

function isActive(item: NavItem, pathname: string): boolean {
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/**
 * The dashboard frame. From the tablet breakpoint (`md`, 768 px) up: a
 * sidebar with the organization switcher, the main sections and the
 * signed-in person. Below it: a top bar whose menu button opens the same
 * content in a sheet from the left, so every section, the switcher and the
 * user menu stay one tap away on a phone.
 */
export function AppShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  const { t, locale } = useI18n();
  const pathname = usePathname();
  const items = navItemsFor(t, viewer);
  const [menuOpen, setMenuOpen] = useState(false);
  // Following a link in the menu closes it.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const current = items.find((item) => isActive(item, pathname));
  useLiveNotifications();

  return (
    <div lang={locale} className="min-h-screen md:flex">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-line bg-surface/95 px-1.5 backdrop-blur md:hidden">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-expanded={menuOpen}
          aria-label={t.mobile.openMenu}
          className="flex size-11 items-center justify-center rounded-lg text-ink hover:bg-canvas"
          data-testid="open-menu"
        >
          <MenuIcon />
        </button>
        <Link href="/home" className="flex min-h-11 items-center gap-2 rounded-lg px-1.5" aria-label={t.mobile.home}>
          <LogoMark className="size-6" />
          <span className="text-base font-semibold tracking-tight">inmo</span>
        </Link>
        {current && (
          <span className="min-w-0 truncate text-sm text-ink-muted" aria-hidden="true">
            / {current.label}
          </span>
        )}
        <div className="ml-auto">
          <NotificationBell placement="bar" />
        </div>
      </header>

      {/* The column spans the whole page (background and border); its content stays in view while the page scrolls. */}
      <aside className="hidden w-56 shrink-0 border-r border-line bg-surface md:block lg:w-60">
        <div className="sticky top-0 flex h-screen flex-col">
          <ShellMenu viewer={viewer} items={items} pathname={pathname} bell />
        </div>
      </aside>

      <Sheet open={menuOpen} onClose={() => setMenuOpen(false)} title={t.mobile.menu} side="left" hideTitle testId="menu-sheet">
        <div className="-mx-4 -my-4 flex min-h-full flex-col">
          <ShellMenu viewer={viewer} items={items} pathname={pathname} />
        </div>
      </Sheet>

      <main className="min-w-0 flex-1">
        {viewer.organization.sandbox && <SandboxBanner />}
        <div className="mx-auto max-w-7xl px-3 pb-10 pt-4 sm:px-6 sm:pt-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}

function ShellMenu({ viewer, items, pathname, bell = false }: { viewer: ShellViewer; items: NavItem[]; pathname: string; bell?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <div className="flex items-center gap-2.5 px-5 pb-4 pt-5">
        <LogoMark />
        <span className="text-lg font-semibold tracking-tight">inmo</span>
        {bell && (
          <div className="ml-auto">
            <NotificationBell placement="sidebar" />
          </div>
        )}
      </div>
      <div className="px-3">
        <OrganizationSwitcher current={viewer.organization} />
      </div>
      <nav aria-label={t.nav.mainNavigation} className="mt-4 flex flex-1 flex-col gap-0.5 overflow-y-auto px-3">
        {items.map((item) => {
          const active = isActive(item, pathname);
          return (
            <Link
              key={item.href}
              href={item.href}
              aria-current={active ? "page" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors touch:py-3",
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
    </>
  );
}

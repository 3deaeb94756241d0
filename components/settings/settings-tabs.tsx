"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { cx } from "../ui/cx";

/** The sections of Settings, as tabs under the page title. */
export function SettingsTabs() {
  const { t } = useI18n();
  const pathname = usePathname();
  const tabs = [
    { href: "/settings/organization", label: t.settings.organization },
    { href: "/settings/members", label: t.settings.members },
    { href: "/settings/teams", label: t.teams.title },
    { href: "/settings/api-keys", label: t.settings.apiKeys },
    { href: "/settings/connected-apps", label: t.settings.connectedApps },
    { href: "/settings/webhooks", label: t.settings.webhooks },
    { href: "/settings/messaging", label: t.messaging.settingsTab },
    { href: "/settings/lead-sources", label: t.leadSources.nav },
    { href: "/settings/instant-reply", label: t.instantReply.nav },
    { href: "/settings/new-matches", label: t.matchSending.nav },
    { href: "/settings/usage", label: t.usage.nav },
    { href: "/settings/lead-access", label: t.leadAccess.nav },
  ];
  return (
    // On a phone the tabs wrap as chips, so every section shows without scrolling sideways.
    <nav aria-label={t.settings.title} className="mb-4 flex flex-wrap gap-2 sm:mb-6 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto sm:border-b sm:border-line">
      {tabs.map((tab) => {
        const active = pathname === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? "page" : undefined}
            className={cx(
              "whitespace-nowrap text-sm font-medium transition-colors",
              "max-sm:flex max-sm:min-h-11 max-sm:items-center max-sm:rounded-full max-sm:border max-sm:px-3.5",
              "sm:-mb-px sm:border-b-2 sm:px-3 sm:py-2.5 touch:sm:py-3",
              active
                ? "border-accent text-accent max-sm:bg-accent-soft"
                : "text-ink-muted hover:text-ink max-sm:border-line-strong max-sm:bg-surface sm:border-transparent sm:hover:border-line-strong",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

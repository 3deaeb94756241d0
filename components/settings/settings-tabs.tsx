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
    { href: "/settings/api-keys", label: t.settings.apiKeys },
    { href: "/settings/connected-apps", label: t.settings.connectedApps },
    { href: "/settings/webhooks", label: t.settings.webhooks },
    { href: "/settings/messaging", label: t.messaging.settingsTab },
  ];
  return (
    <nav aria-label={t.settings.title} className="mb-6 flex gap-1 overflow-x-auto border-b border-line">
      {tabs.map((tab) => {
        const active = pathname === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? "page" : undefined}
            className={cx(
              "-mb-px whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors",
              active ? "border-accent text-accent" : "border-transparent text-ink-muted hover:border-line-strong hover:text-ink",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

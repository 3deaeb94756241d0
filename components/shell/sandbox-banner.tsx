"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";

/** On every page of a sandbox organization: what it is, and what it never does. */
export function SandboxBanner() {
  const { t } = useI18n();
  return (
    <div role="status" data-testid="sandbox-banner" className="border-b border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning sm:px-6 lg:px-8">
      <strong className="font-semibold">{t.sandbox.banner}</strong> {t.sandbox.bannerBody}
    </div>
  );
}

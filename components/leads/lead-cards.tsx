"use client";

import Link from "next/link";
import { formatDateTime, formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { PhoneIcon } from "../shell/icons";
import { cx } from "../ui/cx";
import { StageLabel } from "./lead-badges";
import { FirstTouchBadge } from "./first-touch-badge";
import { telHref } from "./contact-links";
import { leadName, type Lead, type Stage } from "./lead-presentation";

/**
 * The leads list on a phone: one card per lead with what an agent in the
 * street needs at a glance (name, stage, phone, last activity). The whole
 * card opens the lead; the round button calls it.
 */
export function LeadCards({ leads, stages, dimmed }: { leads: Lead[]; stages: Stage[]; dimmed: boolean }) {
  const { t, dates, locale } = useI18n();
  return (
    <ul className={cx("divide-y divide-line", dimmed && "opacity-60")} aria-label={t.leads.title} data-testid="lead-cards">
      {leads.map((lead) => {
        const name = leadName(lead, t.leads.unnamed);
        return (
          <li key={lead.id} className="relative flex items-center gap-3 px-4 py-3 active:bg-canvas" data-lead-card={name}>
            <div className="min-w-0 flex-1">
              {/* The link's box covers the card (after:), so a tap anywhere opens the lead. */}
              <Link href={`/leads/${lead.id}`} className="block truncate text-[15px] font-medium text-ink after:absolute after:inset-0 after:content-['']">
                {name}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-ink-muted">
                <StageLabel stageId={lead.stageId} stageName={lead.stageName} stages={stages} />
                {lead.phone ? <span className="tabular-nums">{lead.phone}</span> : lead.email && <span className="truncate">{lead.email}</span>}
                <FirstTouchBadge firstTouch={lead.firstTouch} openOnly />
              </div>
              <p className="mt-0.5 text-xs text-ink-muted">
                <time dateTime={lead.lastActivityAt} title={formatDateTime(lead.lastActivityAt, dates)}>
                  {t.mobile.lastActivity(formatRelative(lead.lastActivityAt, locale))}
                </time>
              </p>
            </div>
            {lead.phone && (
              <a
                href={telHref(lead.phone)}
                aria-label={t.mobile.callName(name)}
                className="relative flex size-11 shrink-0 items-center justify-center rounded-full bg-success-soft text-success ring-1 ring-success/20 ring-inset"
              >
                <PhoneIcon className="size-5" />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

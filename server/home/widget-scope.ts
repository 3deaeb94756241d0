import type { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { homeTimeZone, periodStartSql, type HomeWindow } from "./home-period";
import { namesVisibleLeadSql, visibleLeadsSql } from "../leads/lead-visibility";

export interface WidgetScope {
  organizationId: string;
  /** SQL: the lead `l` is one the viewer sees (the organization's, or a member's own under `own` visibility). */
  visibleLead: Prisma.Sql;
  /** SQL: the lead a row names (`leadId`) is one the viewer sees; true when they see every lead. */
  namesVisibleLead: (leadId: Prisma.Sql) => Prisma.Sql;
  timeZone: string;
  /** SQL: the instant the chosen period starts. */
  since: Prisma.Sql;
  now: Date;
}

/** The tenant, the leads the viewer sees, the time zone and the period's start, shared by every widget query. */
export function widgetScope({ principal }: DomainContext, window: HomeWindow): WidgetScope {
  const now = window.now ?? new Date();
  const timeZone = homeTimeZone(principal.organization.timezone);
  return {
    organizationId: principal.organizationId,
    visibleLead: visibleLeadsSql(principal),
    namesVisibleLead: (leadId) => namesVisibleLeadSql(principal, leadId),
    timeZone,
    since: periodStartSql(window.period, timeZone, now),
    now,
  };
}

/** bigint / numeric / null from a raw query, as a plain number. */
export function num(value: bigint | number | string | null | undefined | { toString(): string }): number {
  if (value === null || value === undefined) return 0;
  return Number(typeof value === "object" ? value.toString() : value);
}

"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { useToast } from "../ui/toast";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import type { UiLocale } from "~/lib/i18n/dictionaries";
import { interestSummary } from "./lead-interest-summary";
import { type LeadActivity, type Member, type Stage } from "./lead-presentation";

const PAGE = 30;
const MAX = 100;

/** Everything that happened to the lead, newest first: notes, communications and recorded changes. */
export function LeadTimeline({ leadId, stages, members }: { leadId: string; stages: Stage[]; members: Member[] }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  // The API pages by offset up to 100 entries; "more" widens the window.
  const [limit, setLimit] = useState(PAGE);
  const activities = useQuery({
    ...trpc.leads.activities.queryOptions({ leadId, limit, activityScope: "all" }),
    placeholderData: keepPreviousData,
  });
  if (activities.isPending) return <LoadingBlock label={t.common.loading} />;
  const all = activities.data?.data ?? [];
  const items = all.filter((activity) => !isCoveredUpdate(activity) && !isCoveredStatusChange(activity, all));
  const hasMore = (activities.data?.pagination.hasMore ?? false) && limit < MAX;
  if (items.length === 0) return <EmptyState title={t.leads.timelineEmpty} />;
  return (
    <div>
      <ol className="relative flex flex-col" data-testid="lead-timeline">
        {items.map((activity, index) => (
          <TimelineItem key={activity.id} activity={activity} last={index === items.length - 1} stages={stages} members={members} />
        ))}
      </ol>
      {hasMore && (
        <div className="mt-2 flex justify-center">
          <Button variant="ghost" size="sm" loading={activities.isFetching} onClick={() => setLimit(Math.min(MAX, limit + PAGE))}>
            {t.common.next}
          </Button>
        </div>
      )}
    </div>
  );
}

function TimelineItem({ activity, last, stages, members }: { activity: LeadActivity; last: boolean; stages: Stage[]; members: Member[] }) {
  const { t, dates, locale } = useI18n();
  const system = activity.activityScope === "system";
  const communication = activity.communicationType !== null;
  const title = communication
    ? `${t.activityType[activity.type]} · ${activity.communicationDirection ? t.direction[activity.communicationDirection] : ""}`
    : t.activityType[activity.type];
  // A meeting whose event was cancelled in the member's calendar stays on the timeline, marked so.
  const cancelled = activity.type === "meeting" && (activity.changes as { meeting?: { to?: unknown } } | null)?.meeting?.to === "cancelled";
  const changes = system && activity.changes ? describeChanges(withoutCoveredFields(activity.changes, activity.type), { t, locale, stages, members }) : [];
  // A merge's entry names its merge: the lead's page can undo it from here.
  const mergeId = (activity.changes as { merge?: { to?: unknown } } | null)?.merge?.to;

  return (
    <li className="relative flex gap-3 pb-5" data-activity-type={activity.type} data-testid="timeline-entry">
      {!last && <span className="absolute left-[11px] top-7 h-[calc(100%-1.25rem)] w-px bg-line" aria-hidden="true" />}
      <span
        className={cx(
          "relative mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full ring-4 ring-surface",
          system ? "bg-canvas text-ink-subtle" : communication ? "bg-warning-soft text-warning" : "bg-accent-soft text-accent",
        )}
        aria-hidden="true"
      >
        <span className="size-2 rounded-full bg-current" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium text-ink">{title}</span>
          {cancelled && (
            <span data-testid="meeting-cancelled" className="rounded-full bg-danger-soft px-2 py-0.5 text-[11px] font-medium text-danger">
              {t.leads.meetingCancelled}
            </span>
          )}
          <span className="text-xs text-ink-muted">{t.leads.by(activity.user.name)}</span>
          <time
            className="ml-auto text-xs text-ink-subtle"
            dateTime={activity.createdAt}
            title={formatRelative(activity.createdAt, locale)}
          >
            {formatDateTime(activity.createdAt, dates)}
          </time>
        </div>
        {typeof mergeId === "string" && changes.length > 0 && <p className="mt-1 text-[13px] text-ink-muted">{activity.content}</p>}
        {changes.length > 0 ? (
          <ul className="mt-1 text-[13px] text-ink-muted">
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          activity.content && (
            <p className={cx("mt-1 whitespace-pre-wrap text-[13px]", system ? "text-ink-muted" : "rounded-lg bg-canvas px-3 py-2 text-ink")}>
              {activity.content}
            </p>
          )
        )}
        {typeof mergeId === "string" && <UndoMerge leadId={activity.leadId} mergeId={mergeId} />}
      </div>
    </li>
  );
}

/**
 * A status, stage or assignee change is recorded twice: inside the "updated"
 * entry and as its own entry. The timeline shows the dedicated entry only.
 */
const FIELDS_WITH_OWN_ENTRY = new Set(["status", "stageId", "assignedToId"]);

function isCoveredUpdate(activity: LeadActivity): boolean {
  if (activity.type !== "updated" || !activity.changes) return false;
  return Object.keys(activity.changes).every((field) => FIELDS_WITH_OWN_ENTRY.has(field));
}

/**
 * One lead state: a stage move and its status change are one event for a
 * person, recorded as two entries at the same instant. The stage entry tells it.
 */
function isCoveredStatusChange(activity: LeadActivity, all: LeadActivity[]): boolean {
  return activity.type === "status_changed" && all.some((other) => other.type === "stage_changed" && other.createdAt === activity.createdAt);
}

/** A merge's bookkeeping (its id, the leads merged or restored) is told by the entry's text and its Undo, not as field changes. */
const MERGE_KEYS = new Set(["merge", "mergedLeadIds", "restoredLeadIds"]);

function withoutCoveredFields(changes: Record<string, { from?: unknown; to?: unknown }>, type: string) {
  if (type !== "updated") return changes;
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !FIELDS_WITH_OWN_ENTRY.has(field) && !MERGE_KEYS.has(field)));
}

function UndoMerge({ leadId, mergeId }: { leadId: string; mergeId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const undo = useMutation(
    trpc.leads.undoMerge.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        toast.success(t.duplicates.undone);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <div className="mt-2">
      <Button size="sm" variant="secondary" data-testid="undo-merge" loading={undo.isPending} onClick={() => undo.mutate({ leadId, mergeId })}>
        {t.duplicates.undo}
      </Button>
    </div>
  );
}

type I18n = ReturnType<typeof useI18n>["t"];

/** Turns `{field: {from, to}}` into readable lines: stage and member ids become names, statuses their labels, an interest a summary in the viewer's words. */
function describeChanges(
  changes: Record<string, { from?: unknown; to?: unknown }>,
  { t, locale, stages, members }: { t: I18n; locale: UiLocale; stages: Stage[]; members: Member[] },
): string[] {
  const labels = t.leads.fields as Record<string, string>;
  const fieldLabel = (field: string) =>
    field === "stageId" ? labels.stage : field === "assignedToId" ? labels.assignee : field === "projectId" ? labels.project : (labels[field] ?? field);
  const labelOf = (field: string): string => fieldLabel(field) ?? field;
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return "—";
    if (typeof value === "boolean") return value ? t.common.yes : t.common.no;
    if (field === "stageId") {
      const stage = stages.find((candidate) => candidate.id === value);
      return stage ? stage.name : String(value);
    }
    if (field === "assignedToId") return members.find((member) => member.user.id === value)?.user.name ?? String(value);
    if (field === "status" && typeof value === "string" && value in t.leadStatus) return t.leadStatus[value as keyof I18n["leadStatus"]];
    if (field === "source" && typeof value === "string" && value in t.leadSource) return t.leadSource[value as keyof I18n["leadSource"]];
    if (field === "language" && (value === "en" || value === "es")) return t.locales[value];
    if (field === "interest") return interestSummary(value, t, locale) ?? "—";
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  return Object.entries(changes).map(([field, change]) => t.leads.changedFromTo(labelOf(field), show(field, change.from), show(field, change.to)));
}

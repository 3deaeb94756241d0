"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { Spinner } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { ScheduleDialog } from "./schedule-dialog";

const DAY_MS = 86_400_000;

/** "3:05 PM" / "15:05" in the organization's zone. */
function timeOfDay(value: string, locale: "en" | "es", timeZone: string): string {
  return new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { timeStyle: "short", timeZone }).format(new Date(value));
}

/**
 * The member's own calendar, seven days at a time from now: events grouped
 * by day in the organization's zone, a "New event" dialog (meetings with a
 * lead) and cancelling an event. Without a connected calendar it points to
 * the profile card.
 */
export function CalendarWeek({ timeZone }: { timeZone: string }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState(0);
  const [scheduling, setScheduling] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  // Anchored to the start of the current hour so the query key is stable while the page is open.
  const [anchor] = useState(() => Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const range = useMemo(
    () => ({ timeMin: new Date(anchor + week * 7 * DAY_MS).toISOString(), timeMax: new Date(anchor + (week + 1) * 7 * DAY_MS).toISOString() }),
    [anchor, week],
  );
  const connection = useQuery(trpc.calendar.myConnection.queryOptions({}));
  const connected = connection.data?.configured && connection.data.connection?.status === "active";
  const events = useQuery({ ...trpc.calendar.events.queryOptions(range), enabled: Boolean(connected) });
  const cancel = useMutation(
    trpc.calendar.deleteEvent.mutationOptions({
      onSuccess: async () => {
        setCancelling(null);
        toast.success(t.calendar.cancelled);
        await queryClient.invalidateQueries({ queryKey: trpc.calendar.events.queryKey() });
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );

  if (connection.isLoading) return <Spinner />;
  if (!connected) {
    return (
      <EmptyState
        title={connection.data?.configured === false ? t.calendar.notConfigured : t.calendar.goConnect}
        action={
          <Link href="/profile" className={buttonClasses("primary")}>
            {t.calendar.openProfile}
          </Link>
        }
      />
    );
  }

  const dayOf = (event: { start: string; allDay: boolean }) =>
    event.allDay ? formatDate(`${event.start}T12:00:00Z`, { ...dates, timeZone: "UTC" }) : formatDate(event.start, { ...dates, timeZone });
  const groups = new Map<string, NonNullable<typeof events.data>["events"]>();
  for (const event of events.data?.events ?? []) {
    const day = dayOf(event);
    groups.set(day, [...(groups.get(day) ?? []), event]);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => setWeek(week - 1)}>
          ← {t.calendar.previousWeek}
        </Button>
        <span className="text-sm text-ink-muted">
          {formatDate(range.timeMin, dates)} – {formatDate(range.timeMax, dates)}
        </span>
        <Button variant="secondary" size="sm" onClick={() => setWeek(week + 1)}>
          {t.calendar.nextWeek} →
        </Button>
        <Button className="ml-auto" onClick={() => setScheduling(true)}>
          {t.calendar.newEvent}
        </Button>
      </div>
      {events.isLoading && <Spinner />}
      {events.error && <p className="text-sm text-danger">{errorMessageOf(events.error, t.common.somethingWrong)}</p>}
      {events.data && groups.size === 0 && <EmptyState title={t.calendar.noEvents} />}
      {[...groups].map(([day, list]) => (
        <Card key={day}>
          <h2 className="border-b border-line px-5 py-3 text-sm font-semibold text-ink">{day}</h2>
          <ul className="divide-y divide-line" data-testid="calendar-day">
            {list.map((event) => (
              <li key={event.id} className="flex flex-wrap items-start gap-3 px-5 py-3 text-sm" data-testid="calendar-event">
                <span className="w-40 shrink-0 text-ink-muted">
                  {event.allDay ? t.calendar.allDay : `${timeOfDay(event.start, dates.locale, timeZone)} – ${timeOfDay(event.end, dates.locale, timeZone)}`}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{event.title}</p>
                  {event.attendees && <p className="text-ink-muted">{t.calendar.attendees}: {event.attendees.join(", ")}</p>}
                  {event.location && <p className="text-ink-muted">{event.location}</p>}
                </div>
                <div className="flex gap-2">
                  {event.htmlLink && (
                    <a href={event.htmlLink} target="_blank" rel="noreferrer" className={buttonClasses("ghost", "sm")}>
                      {t.calendar.openInGoogle}
                    </a>
                  )}
                  <Button variant="danger-ghost" size="sm" onClick={() => setCancelling(event.id)}>
                    {t.calendar.cancel}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      {scheduling && <ScheduleDialog open onClose={() => setScheduling(false)} timeZone={timeZone} />}
      <ConfirmDialog
        open={cancelling !== null}
        title={t.calendar.cancel}
        body={t.calendar.cancelConfirm}
        confirmLabel={t.calendar.cancel}
        cancelLabel={t.common.cancel}
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ eventId: cancelling })}
        onClose={() => setCancelling(null)}
      />
    </div>
  );
}

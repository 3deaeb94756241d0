"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";

type Meeting = { id: string; title: string; start: string; end: string; allDay: boolean; htmlLink?: string };

/** The local date (YYYY-MM-DD) an event starts on in the calendar's zone; all-day events carry the date itself. */
function localDay(event: Meeting, timeZone: string): string {
  if (event.allDay) return event.start.slice(0, 10);
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(event.start));
}

/**
 * My meetings today and tomorrow from the member's Google calendar, in the
 * calendar's zone. Without Google configured or a connected calendar the card
 * says so and links to the profile's Calendar card; it never shows made-up events.
 */
export function MyMeetingsCard() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  // Not bound to the page's period: always today and tomorrow.
  const query = useQuery(trpc.home.myMeetings.queryOptions({}, { staleTime: 60_000 }));
  const data = query.data;
  const time = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(iso));

  let body;
  if (query.isPending) body = <LoadingBlock label={t.common.loading} />;
  else if (query.isError || !data) body = <p className="text-sm text-ink-muted">{t.homeAgenda.meetingsError}</p>;
  else if (data.state !== "ok") {
    body = (
      <p className="text-sm text-ink-muted">
        {t.homeAgenda.meetingsState[data.state]}{" "}
        <Link className="font-medium text-accent hover:underline" href="/profile#calendar">
          {t.homeAgenda.meetingsConnect}
        </Link>
      </p>
    );
  } else {
    const days = [
      { date: data.today, label: t.homeAgenda.today },
      { date: data.tomorrow, label: t.homeAgenda.tomorrow },
    ];
    body = (
      <div className="space-y-3">
        {days.map((day) => {
          const events = data.events.filter((e) => localDay(e, data.timeZone) === day.date);
          return (
            <div key={day.date}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{day.label}</h3>
              {events.length === 0 ? (
                <p className="py-1 text-sm text-ink-muted">{t.homeAgenda.meetingsNone}</p>
              ) : (
                <ul className="divide-y divide-line">
                  {events.map((event) => (
                    <li key={event.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0 truncate font-medium">{event.title}</span>
                      <span className="shrink-0 text-ink-muted">
                        {event.allDay ? t.homeAgenda.allDay : `${time(event.start, data.timeZone)}–${time(event.end, data.timeZone)}`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader
        title={t.homeAgenda.meetingsTitle}
        description={data ? t.homeAgenda.meetingsHint.replace("{zone}", data.timeZone) : undefined}
        actions={
          data?.state === "ok" ? (
            <Link className="text-sm font-medium text-accent hover:underline" href="/calendar">
              {t.homeAgenda.meetingsOpen}
            </Link>
          ) : undefined
        }
      />
      <div className="p-4 sm:p-5" data-testid="home-meetings">
        {body}
      </div>
    </Card>
  );
}

import type { Metadata } from "next";
import { CalendarWeek } from "~/components/calendar/calendar-week";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { organizationTimeZone } from "~/server/calendar/wall-clock";

export const metadata: Metadata = { title: "Calendar" };

/** The member's own Google Calendar: upcoming events by day, scheduling a meeting with a lead, cancelling. */
export default async function CalendarPage() {
  const viewer = await requireViewer("/calendar");
  const t = dictionaryFor(viewer.principal.organization.locale);
  const timeZone = organizationTimeZone(viewer.principal.organization.timezone);
  return (
    <>
      <PageHeader title={t.calendar.pageTitle} description={t.calendar.pageSubtitle(timeZone)} />
      <div className="max-w-4xl">
        <CalendarWeek timeZone={timeZone} />
      </div>
    </>
  );
}

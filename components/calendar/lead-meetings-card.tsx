"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";
import { ScheduleDialog, type ExistingMeeting } from "./schedule-dialog";

const DEFAULT_ZONE = "America/Panama"; // the calendar's documented default when the organization has none

/**
 * Meetings with this lead on the lead page: the upcoming ones scheduled
 * through inmo (soonest first) with reschedule and cancel, and "Schedule
 * meeting" on the signed-in member's own calendar.
 */
export function LeadMeetingsCard({ lead }: { lead: { id: string; name: string } }) {
  const { t, dates, timeZone } = useI18n();
  const zone = timeZone ?? DEFAULT_ZONE;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [scheduling, setScheduling] = useState(false);
  const [rescheduling, setRescheduling] = useState<ExistingMeeting | null>(null);
  const [cancelling, setCancelling] = useState<ExistingMeeting | null>(null);
  const meetings = useQuery(trpc.calendar.leadMeetings.queryOptions({ leadId: lead.id }));
  const cancel = useMutation(
    trpc.calendar.deleteEvent.mutationOptions({
      onSuccess: async () => {
        setCancelling(null);
        toast.success(t.calendar.cancelled);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.calendar.leadMeetings.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.leads.activities.queryKey() }),
        ]);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );

  return (
    <Card>
      <CardHeader
        title={t.calendar.meetingsTitle}
        actions={
          <Button size="sm" variant="secondary" onClick={() => setScheduling(true)}>
            {t.calendar.scheduleMeeting}
          </Button>
        }
      />
      <div className="px-5 pb-5 text-sm" data-testid="lead-meetings">
        {meetings.error && <p className="text-danger">{errorMessageOf(meetings.error, t.common.somethingWrong)}</p>}
        {meetings.data?.length === 0 && <p className="text-ink-muted">{t.calendar.noMeetings}</p>}
        <ul className="divide-y divide-line">
          {meetings.data?.map((meeting) => (
            <li key={meeting.eventId} className="flex flex-col gap-1 py-2.5" data-testid="lead-meeting">
              <p className="font-medium text-ink">{meeting.title}</p>
              <p className="text-ink-muted">{formatDateTime(meeting.startAt, { ...dates, timeZone: zone })}</p>
              {meeting.memberName && <p className="text-xs text-ink-muted">{t.calendar.withMember(meeting.memberName)}</p>}
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" onClick={() => setRescheduling(meeting)}>
                  {t.calendar.reschedule}
                </Button>
                <Button size="sm" variant="danger-ghost" onClick={() => setCancelling(meeting)}>
                  {t.calendar.cancel}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {scheduling && <ScheduleDialog open onClose={() => setScheduling(false)} timeZone={zone} lead={lead} />}
      {rescheduling && <ScheduleDialog open onClose={() => setRescheduling(null)} timeZone={zone} lead={lead} existing={rescheduling} />}
      <ConfirmDialog
        open={cancelling !== null}
        title={t.calendar.cancel}
        body={t.calendar.cancelConfirm}
        confirmLabel={t.calendar.cancel}
        cancelLabel={t.common.cancel}
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ eventId: cancelling.eventId, userId: cancelling.userId })}
        onClose={() => setCancelling(null)}
      />
    </Card>
  );
}

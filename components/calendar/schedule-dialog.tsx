"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select, Textarea } from "../ui/input";
import { useToast } from "../ui/toast";

/** A date (`YYYY-MM-DD`) and time (`HH:mm`) as a wall clock in the organization's zone. */
function wallClockIn(timeZone: string, at: Date): { date: string; time: string } {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return { date, time };
}

/** The day before and two days after `date` (UTC midnights): a window sure to contain that day in any zone. */
function dayWindow(date: string): { timeMin: string; timeMax: string } {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { timeMin: new Date(midnight - 86_400_000).toISOString(), timeMax: new Date(midnight + 2 * 86_400_000).toISOString() };
}

/** An event being rescheduled: the member whose calendar holds it, its id, title and times. */
export interface ExistingMeeting {
  eventId: string;
  userId: string;
  title: string;
  startAt: string;
  endAt: string | null;
}

/**
 * Schedules a meeting on the member's own calendar: a lead (searched by name
 * or e-mail, or fixed when opened from a lead), the day and time in the
 * organization's zone, the duration, an optional title and description.
 * The server adds the offset, invites the lead and logs the meeting.
 */
export function ScheduleDialog({
  open,
  onClose,
  timeZone,
  lead,
  existing,
}: {
  open: boolean;
  onClose: () => void;
  timeZone: string;
  lead?: { id: string; name: string };
  existing?: ExistingMeeting;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const [form, setForm] = useState(() => {
    const start = existing ? wallClockIn(timeZone, new Date(existing.startAt)) : { date: wallClockIn(timeZone, new Date()).date, time: "10:00" };
    const minutes = existing?.endAt ? Math.round((Date.parse(existing.endAt) - Date.parse(existing.startAt)) / 60_000) : 30;
    return { leadId: lead?.id ?? "", userId: "", ...start, duration: String(minutes), title: existing?.title ?? "", description: "" };
  });
  // Only owners and admins may schedule on a colleague's calendar (the server refuses members anyway): members get no picker.
  const organizations = useQuery({ ...trpc.account.organizations.queryOptions(), enabled: !existing });
  const role = organizations.data?.data.find((organization) => organization.id === organizations.data?.activeOrganizationId)?.role;
  const mayPickMember = role === "owner" || role === "admin";
  const members = useQuery({ ...trpc.members.list.queryOptions(), enabled: !existing && mayPickMember });
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(form.date);
  // The chosen member's events that day, so a free slot is easy to pick (their calendar must be connected).
  const busy = useQuery({
    ...trpc.calendar.events.queryOptions({
      ...(existing ? { userId: existing.userId } : form.userId ? { userId: form.userId } : {}),
      ...dayWindow(validDay ? form.date : "2000-01-01"),
    }),
    enabled: validDay,
    retry: false,
  });
  const busyThatDay = (busy.data?.events ?? []).filter((event) =>
    event.allDay ? event.start <= form.date && form.date < event.end : wallClockIn(timeZone, new Date(event.start)).date === form.date,
  );
  const search = useQuery({
    ...trpc.leads.search.queryOptions({ q: query.trim(), limit: 10 }),
    enabled: !lead && query.trim().length >= 2,
  });
  const onSuccess = async (message: string) => {
    toast.success(message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.calendar.events.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.calendar.leadMeetings.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.activities.queryKey() }),
    ]);
    onClose();
  };
  const createEvent = useMutation(trpc.calendar.createEvent.mutationOptions({ onSuccess: () => onSuccess(t.calendar.created) }));
  const updateEvent = useMutation(trpc.calendar.updateEvent.mutationOptions({ onSuccess: () => onSuccess(t.calendar.rescheduled) }));
  const create = existing ? updateEvent : createEvent;
  const { errors, hasErrors, track } = useFieldErrors(create.error);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => track(setForm, form)({ ...form, [key]: event.target.value });
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={existing ? t.calendar.reschedule : t.calendar.newEvent}
      formId="calendar-schedule"
      submitLabel={existing ? t.calendar.reschedule : t.calendar.schedule}
      pending={create.isPending}
      error={generalError}
      className="flex flex-col gap-4"
      onSubmit={() => {
        const times = { startAt: `${form.date}T${form.time}`, durationMinutes: Number(form.duration) };
        const description = form.description.trim() ? { description: form.description } : {};
        if (existing) updateEvent.mutate({ eventId: existing.eventId, userId: existing.userId, ...times, title: form.title.trim(), ...description });
        else createEvent.mutate({ leadId: form.leadId, ...(form.userId ? { userId: form.userId } : {}), ...times, ...(form.title.trim() ? { title: form.title.trim() } : {}), ...description });
      }}
    >
      {lead ? (
        <p className="text-sm text-ink">
          {t.calendar.lead}: <strong>{lead.name}</strong>
        </p>
      ) : (
        <>
          <Field label={t.calendar.lead}>
            {(props) => <Input {...props} type="search" value={query} placeholder={t.calendar.leadPlaceholder} onChange={(e) => setQuery(e.target.value)} />}
          </Field>
          <Field label={t.calendar.noLead} error={errors.leadId}>
            {(props) => (
              <Select {...props} value={form.leadId} onChange={set("leadId")} data-testid="calendar-lead-select">
                <option value="">—</option>
                {(search.data?.data ?? []).map((found) => (
                  <option key={found.id} value={found.id}>
                    {[found.firstName, found.lastName].filter(Boolean).join(" ") || found.email}
                    {found.email ? ` · ${found.email}` : ""}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )}
      {!existing && mayPickMember && (
        <Field label={t.calendar.member} error={errors.userId}>
          {(props) => (
            <Select {...props} value={form.userId} onChange={set("userId")}>
              <option value="">{t.calendar.me}</option>
              {(members.data?.data ?? []).map((member) => (
                <option key={member.user.id} value={member.user.id}>
                  {member.user.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field label={t.calendar.date} error={errors.startAt}>
          {(props) => <Input {...props} type="date" required value={form.date} onChange={set("date")} />}
        </Field>
        <Field label={`${t.calendar.time} (${timeZone})`}>
          {(props) => <Input {...props} type="time" required value={form.time} onChange={set("time")} />}
        </Field>
        <Field label={t.calendar.duration} error={errors.durationMinutes}>
          {(props) => <Input {...props} type="number" min={5} max={600} step={5} required value={form.duration} onChange={set("duration")} />}
        </Field>
      </div>
      <div className="rounded-md bg-canvas px-3 py-2 text-sm" data-testid="calendar-busy">
        <p className="font-medium text-ink">{t.calendar.busyThatDay}</p>
        {busy.error && <p className="text-danger">{errorMessageOf(busy.error, t.common.somethingWrong)}</p>}
        {busy.data && busyThatDay.length === 0 && <p className="text-ink-muted">{t.calendar.freeAllDay}</p>}
        <ul>
          {busyThatDay.map((event) => (
            <li key={event.id} className="text-ink-muted">
              {event.allDay ? t.calendar.allDay : `${wallClockIn(timeZone, new Date(event.start)).time}–${wallClockIn(timeZone, new Date(event.end)).time}`} · {event.title}
            </li>
          ))}
        </ul>
      </div>
      <Field label={t.calendar.title} hint={existing ? undefined : t.calendar.titleHint} error={errors.title}>
        {(props) => <Input {...props} maxLength={300} value={form.title} onChange={set("title")} />}
      </Field>
      <Field label={t.calendar.description} error={errors.description}>
        {(props) => <Textarea {...props} rows={3} maxLength={5000} value={form.description} onChange={set("description")} />}
      </Field>
    </FormDialog>
  );
}

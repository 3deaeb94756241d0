"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { Checkbox, Input } from "../ui/input";

export interface WorkingHoursValue {
  start: string;
  end: string;
  weekdays: number[];
}

export const DEFAULT_WORKING_HOURS: WorkingHoursValue = { start: "09:00", end: "18:00", weekdays: [1, 2, 3, 4, 5] };

/** ISO weekday (Mon=1) named in the dashboard's language: 2024-01-01 was a Monday. */
function weekdayName(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));
}

/** A day's stretch and the weekdays worked; the owner of the value decides whether hours are set at all. */
export function WorkingHoursFields({ value, onChange, error }: { value: WorkingHoursValue; onChange: (next: WorkingHoursValue) => void; error?: string }) {
  const { t, locale } = useI18n();
  const h = t.workingHours;
  const toggle = (day: number) =>
    onChange({ ...value, weekdays: value.weekdays.includes(day) ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day].sort() });
  return (
    <fieldset className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-ink-muted">
          {h.from}
          <Input type="time" name="start" value={value.start} onChange={(e) => onChange({ ...value, start: e.target.value })} className="w-36" />
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-muted">
          {h.to}
          <Input type="time" name="end" value={value.end} onChange={(e) => onChange({ ...value, end: e.target.value })} className="w-36" />
        </label>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label={h.days}>
        {[1, 2, 3, 4, 5, 6, 7].map((day) => (
          <Checkbox key={day} label={weekdayName(day, locale)} checked={value.weekdays.includes(day)} onChange={() => toggle(day)} />
        ))}
      </div>
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}

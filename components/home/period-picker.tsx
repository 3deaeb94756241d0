"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { HOME_PERIODS, type HomePeriod } from "~/server/home/home-period-names";
import { cx } from "../ui/cx";

/** The period switch shared by the home page and the reports: today, 7 days, 30 days, quarter. */
export function PeriodPicker({ value, onChange }: { value: HomePeriod; onChange: (period: HomePeriod) => void }) {
  const { t } = useI18n();
  return (
    <div role="radiogroup" aria-label={t.home.period} className="inline-flex rounded-lg border border-line bg-surface p-0.5">
      {HOME_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={value === p}
          onClick={() => onChange(p)}
          className={cx("min-h-9 rounded-md px-3 text-sm font-medium", value === p ? "bg-accent text-white" : "text-ink-muted hover:text-ink")}
        >
          {t.home.periods[p]}
        </button>
      ))}
    </div>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";

interface DraftLike {
  criteria: Record<string, unknown>;
  throttle: { maxPerMinute: number; businessHoursStart: string; businessHoursEnd: string; timezone: string; weekdays: number[] };
}

/**
 * What launching this draft would do: how many leads it would enrol now,
 * counted by the same rule launch enrols with (the audience preview), and the
 * pace the calls would be handed out at.
 */
export function DraftSummary({ sequence }: { sequence: DraftLike }) {
  const { t } = useI18n();
  const s = t.sequences;
  const trpc = useTRPC();
  const preview = useMutation(trpc.sequences.previewAudience.mutationOptions());
  const { mutate: countAudience } = preview;
  const criteriaKey = JSON.stringify(sequence.criteria);
  useEffect(() => countAudience({ criteria: JSON.parse(criteriaKey) }), [criteriaKey, countAudience]);
  const { maxPerMinute, businessHoursStart, businessHoursEnd, timezone, weekdays } = sequence.throttle;
  const days = [...weekdays].sort((a, b) => a - b).map((day) => s.weekdays[day - 1]).join(", ");

  return (
    <Card>
      <CardHeader title={s.beforeLaunch} description={s.beforeLaunchHint} />
      <dl className="grid grid-cols-1 gap-4 p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{s.fields.audience}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums" aria-live="polite" data-testid="draft-audience">
            {preview.data ? s.wouldEnrol(preview.data.count) : preview.isError ? "—" : s.previewing}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{s.fields.pacing}</dt>
          <dd className="mt-1 text-ink" data-testid="draft-pacing">
            {s.pacingSummary(maxPerMinute, businessHoursStart, businessHoursEnd, timezone, days)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

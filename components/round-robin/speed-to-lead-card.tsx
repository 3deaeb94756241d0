"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Field, Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";

type Step = "reassign" | "pond" | "notify";
const STEPS: Step[] = ["reassign", "pond", "notify"];

/**
 * A pool's speed-to-lead policy: the first-touch deadline of its leads and
 * what a missed one does, step by step. Read by every member; changed by
 * those who may edit the pool.
 */
export function SpeedToLeadCard({ poolId, canEdit }: { poolId: string; canEdit: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const policy = useQuery(trpc.roundRobin.speedPolicy.queryOptions({ roundRobinId: poolId }));
  if (!policy.data) return null;
  return <SpeedToLeadForm key={JSON.stringify(policy.data)} poolId={poolId} canEdit={canEdit} initial={policy.data} label={t.speedToLead.title} />;
}

function SpeedToLeadForm({
  poolId,
  canEdit,
  initial,
  label,
}: {
  poolId: string;
  canEdit: boolean;
  initial: { firstTouchMinutes: number | null; effectiveFirstTouchMinutes: number; firstTouchEscalation: Step[] };
  label: string;
}) {
  const { t } = useI18n();
  const s = t.speedToLead;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState(initial.firstTouchMinutes === null ? "" : String(initial.firstTouchMinutes));
  const [steps, setSteps] = useState<Step[]>(initial.firstTouchEscalation);
  const save = useMutation(
    trpc.roundRobin.updateSpeedPolicy.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.roundRobin.speedPolicy.queryFilter({ roundRobinId: poolId }));
        toast.success(s.saved);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <Card className="h-fit" data-testid="speed-to-lead">
      <CardHeader title={label} description={s.subtitle(initial.effectiveFirstTouchMinutes)} />
      <form
        noValidate
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ roundRobinId: poolId, firstTouchMinutes: minutes.trim() === "" ? null : Number(minutes), firstTouchEscalation: steps });
        }}
      >
        <Field label={s.minutes} hint={s.minutesHint}>
          {(props) => (
            <Input {...props} type="number" inputMode="numeric" min={1} max={1440} className="w-32" disabled={!canEdit} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-ink">{s.escalation}</p>
          {steps.length === 0 && <p className="text-sm text-ink-muted">{s.noSteps}</p>}
          <ol className="flex flex-col gap-2">
            {steps.map((step, index) => (
              <li key={index} className="flex items-center gap-2">
                <span className="w-20 shrink-0 text-sm text-ink-muted">{s.breachNumber(index + 1)}</span>
                <Select
                  aria-label={s.breachNumber(index + 1)}
                  disabled={!canEdit}
                  value={step}
                  onChange={(e) => setSteps(steps.map((old, i) => (i === index ? (e.target.value as Step) : old)))}
                >
                  {STEPS.map((value) => (
                    <option key={value} value={value}>
                      {s.steps[value]}
                    </option>
                  ))}
                </Select>
                {canEdit && (
                  <Button type="button" variant="ghost" onClick={() => setSteps(steps.filter((_, i) => i !== index))}>
                    {s.removeStep}
                  </Button>
                )}
              </li>
            ))}
          </ol>
          {canEdit && steps.length < 5 && (
            <div>
              <Button type="button" variant="secondary" onClick={() => setSteps([...steps, steps.length === 0 ? "reassign" : "pond"])}>
                {s.addStep}
              </Button>
            </div>
          )}
        </div>
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending}>
              {t.common.save}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

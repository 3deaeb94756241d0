"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Field, Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";
import { SimulateRotation } from "./simulate-rotation";

type Distribution = "rotation" | "first_to_claim";
interface ParticipantSetting {
  userId: string;
  name: string;
  weight: string;
  dailyCap: string;
}

/**
 * How a pool hands out leads: rotation or first to claim (with its window),
 * and each participant's weight and daily cap. Read by every member, changed
 * by those who may edit the pool; the simulation is open to all.
 */
export function DistributionCard({ poolId, canEdit }: { poolId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const pool = useQuery(trpc.roundRobin.get.queryOptions({ roundRobinId: poolId }));
  if (!pool.data) return null;
  const names = new Map(pool.data.participants.map((p) => [p.userId, p.user.name]));
  const settings = pool.data.distributionSettings;
  return (
    <DistributionForm
      key={JSON.stringify(settings)}
      poolId={poolId}
      canEdit={canEdit}
      initialDistribution={settings.distribution}
      initialWindow={settings.claimWindowMinutes}
      initialParticipants={settings.participants.map((p) => ({
        userId: p.userId,
        name: names.get(p.userId) ?? p.userId,
        weight: String(p.weight),
        dailyCap: p.dailyCap === null ? "" : String(p.dailyCap),
      }))}
    />
  );
}

function DistributionForm(props: {
  poolId: string;
  canEdit: boolean;
  initialDistribution: Distribution;
  initialWindow: number;
  initialParticipants: ParticipantSetting[];
}) {
  const { poolId, canEdit } = props;
  const { t } = useI18n();
  const d = t.distribution;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [distribution, setDistribution] = useState<Distribution>(props.initialDistribution);
  const [window, setWindow] = useState(String(props.initialWindow));
  const [participants, setParticipants] = useState(props.initialParticipants);
  const save = useMutation(
    trpc.roundRobin.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.roundRobin.get.queryFilter({ roundRobinId: poolId }));
        toast.success(d.saved);
      },
      // A refused window, weight or cap is told beside it; anything else in a toast.
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const change = (userId: string, field: "weight" | "dailyCap", value: string) =>
    setParticipants(participants.map((p) => (p.userId === userId ? { ...p, [field]: value } : p)));
  return (
    <Card className="h-fit" data-testid="distribution">
      <CardHeader title={d.title} description={d.subtitle} />
      <form
        noValidate
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            roundRobinId: poolId,
            distribution,
            claimWindowMinutes: Number(window),
            participantSettings: participants.map((p) => ({
              userId: p.userId,
              weight: Number(p.weight),
              dailyCap: p.dailyCap.trim() === "" ? null : Number(p.dailyCap),
            })),
          });
        }}
      >
        <Field label={d.mode} hint={d.modeHints[distribution]}>
          {(fieldProps) => (
            <Select {...fieldProps} disabled={!canEdit} value={distribution} onChange={(e) => setDistribution(e.target.value as Distribution)}>
              <option value="rotation">{d.modes.rotation}</option>
              <option value="first_to_claim">{d.modes.first_to_claim}</option>
            </Select>
          )}
        </Field>
        {distribution === "first_to_claim" && (
          <Field label={d.claimWindow} hint={d.claimWindowHint} error={errors.claimWindowMinutes}>
            {(fieldProps) => (
              <Input {...fieldProps} type="number" inputMode="numeric" min={1} max={1440} className="w-32" disabled={!canEdit} value={window} onChange={(e) => setWindow(e.target.value)} />
            )}
          </Field>
        )}
        <ul className="flex flex-col divide-y divide-line">
          {participants.map((p, index) => {
            const weightError = errors[`participantSettings.${index}.weight`];
            const capError = errors[`participantSettings.${index}.dailyCap`];
            return (
              <li key={p.userId} className="flex flex-wrap items-end gap-3 py-3">
                <span className="min-w-0 flex-1 basis-40 truncate text-sm font-medium text-ink">{p.name}</span>
                <label className="flex flex-col gap-1 text-xs text-ink-muted">
                  {d.weight}
                  <Input type="number" inputMode="numeric" min={1} max={10} className="w-20" disabled={!canEdit} value={p.weight} aria-invalid={weightError ? true : undefined} aria-describedby={weightError ? `weight-error-${p.userId}` : undefined} onChange={(e) => change(p.userId, "weight", e.target.value)} />
                </label>
                <label className="flex flex-col gap-1 text-xs text-ink-muted">
                  {d.dailyCap}
                  <Input type="number" inputMode="numeric" min={1} max={1000} placeholder={d.noCap} className="w-24" disabled={!canEdit} value={p.dailyCap} aria-invalid={capError ? true : undefined} aria-describedby={capError ? `cap-error-${p.userId}` : undefined} onChange={(e) => change(p.userId, "dailyCap", e.target.value)} />
                </label>
                {weightError && (
                  <p id={`weight-error-${p.userId}`} className="basis-full text-xs font-medium text-danger" data-field-error>
                    {d.weight}: {weightError}
                  </p>
                )}
                {capError && (
                  <p id={`cap-error-${p.userId}`} className="basis-full text-xs font-medium text-danger" data-field-error>
                    {d.dailyCap}: {capError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending}>
              {t.common.save}
            </Button>
          </div>
        )}
      </form>
      <SimulateRotation poolId={poolId} />
    </Card>
  );
}

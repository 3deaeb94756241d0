"use client";

import { useMutation } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";

/** "Who gets the next leads?": the pool's next ten assignees and who is skipped and why; changes nothing. */
export function SimulateRotation({ poolId }: { poolId: string }) {
  const { t } = useI18n();
  const d = t.distribution;
  const trpc = useTRPC();
  const toast = useToast();
  const simulate = useMutation(trpc.roundRobin.simulate.mutationOptions({ onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)) }));
  const turns = simulate.data?.turns;
  return (
    <div className="flex flex-col gap-3 border-t border-line p-5" data-testid="simulate">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">{d.simulateHint}</p>
        <Button type="button" variant="secondary" loading={simulate.isPending} onClick={() => simulate.mutate({ roundRobinId: poolId, count: 10 })}>
          {d.simulate}
        </Button>
      </div>
      {turns && turns.length === 0 && <p className="text-sm text-ink-muted">{d.nobody}</p>}
      {turns && turns.length > 0 && (
        <ol className="flex flex-col gap-2">
          {turns.map((turn) => (
            <li key={turn.position} className="flex flex-col gap-0.5 text-sm">
              <span className="text-ink">
                <span className="mr-2 text-ink-muted">{turn.position}.</span>
                {turn.name ?? turn.userId}
                {turn.weight > 1 && <span className="ml-2 text-xs text-ink-muted">{d.weightBadge(turn.weight)}</span>}
              </span>
              {turn.skipped.length > 0 && (
                <span className="text-xs text-ink-muted">
                  {d.skipped}{" "}
                  {turn.skipped.map((s) => `${simulate.data?.names[s.userId] ?? s.userId} (${d.reasons[s.reason]})`).join(", ")}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

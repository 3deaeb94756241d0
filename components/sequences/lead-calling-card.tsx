"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { Checkbox } from "../ui/input";
import { useToast } from "../ui/toast";

/** Lead page: the do-not-call toggle and the sequences the lead was enrolled in. */
export function LeadCallingCard({ leadId }: { leadId: string }) {
  const { t } = useI18n();
  const s = t.sequences;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const calling = useQuery(trpc.sequences.leadCalling.queryOptions({ leadId }));
  const set = useMutation(
    trpc.sequences.setDoNotCall.mutationOptions({
      onSuccess: async (result) => {
        // The mark is a lead change like any other: it has its own timeline entry.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.sequences.leadCalling.queryKey({ leadId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.leads.activities.pathKey() }),
        ]);
        toast.success(result.doNotCall ? s.leadCard.marked : s.leadCard.cleared);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  if (!calling.data) return null;
  return (
    <Card className="h-fit">
      <CardHeader title={s.leadCard.title} />
      <div className="flex flex-col gap-3 p-5 text-sm">
        <div>
          <Checkbox
            label={s.leadCard.doNotCall}
            checked={calling.data.doNotCall}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ leadId, doNotCall: e.target.checked })}
          />
          <p className="text-xs text-ink-muted">{s.leadCard.doNotCallHint}</p>
        </div>
        {calling.data.contacts.length > 0 && (
          <ul className="flex flex-col gap-1">
            {calling.data.contacts.map((c) => (
              <li key={c.sequenceId} className="flex flex-wrap justify-between gap-2">
                <Link href={`/sequences/${c.sequenceId}`} className="min-w-0 font-medium hover:text-accent">{c.sequenceName}</Link>
                <span className="text-ink-muted">
                  {c.outcome ? s.calls.outcomes[c.outcome as keyof typeof s.calls.outcomes] ?? c.outcome : s.contactStatus[c.status as keyof typeof s.contactStatus] ?? c.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { useToast } from "../ui/toast";
import { ChannelStates } from "../instant-reply/channel-states";
import { ReplyForm } from "../instant-reply/reply-form";

/**
 * A pool's own instant reply (owners and admins): it wins over the reply of
 * its leads' source. Says plainly when none of the channels it lists can
 * send now, so nobody believes this pool's leads are answered when they are not.
 */
export function PoolInstantReplyCard({ poolId }: { poolId: string }) {
  const { t } = useI18n();
  const r = t.instantReply;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setting = useQuery(trpc.instantReply.pool.queryOptions({ roundRobinId: poolId }));
  const save = useMutation(
    trpc.instantReply.updatePool.mutationOptions({
      onSuccess: async () => {
        toast.success(r.saved);
        await queryClient.invalidateQueries(trpc.instantReply.pool.queryFilter({ roundRobinId: poolId }));
      },
    }),
  );
  if (!setting.data) return null;
  const data = setting.data;
  return (
    <Card className="h-fit" data-testid="pool-instant-reply">
      <CardHeader title={r.poolTitle} description={r.poolSubtitle} />
      <div className="space-y-4 p-5">
        <ChannelStates availableChannels={data.availableChannels} noChannel={!data.canSend} noChannelText={r.poolCannotSend} />
        <ReplyForm
          key={JSON.stringify([data.enabled, data.channels, data.whatsApp, data.email])}
          initial={data}
          enabledLabel={r.poolEnabled}
          narrow
          save={{ ...save, mutate: (changes) => save.mutate({ roundRobinId: poolId, ...changes }) }}
        />
      </div>
    </Card>
  );
}

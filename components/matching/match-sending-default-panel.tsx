"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { MatchSendingForm, type MatchSending } from "./match-sending-form";

/** Settings → New matches: the organization's default, followed by every project without a setting of its own. */
export function MatchSendingDefaultPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const s = t.matchSending;
  const setting = useQuery(trpc.matching.sendingDefault.queryOptions());
  const save = useMutation(
    trpc.matching.updateSendingDefault.mutationOptions({
      onSuccess: async () => {
        toast.success(s.saved);
        await queryClient.invalidateQueries({ queryKey: trpc.matching.sendingDefault.queryKey() });
      },
    }),
  );
  if (setting.isPending) return <LoadingBlock label={t.common.loading} />;
  if (setting.isError) return <p className="text-sm text-danger">{errorMessageOf(setting.error, t.common.somethingWrong)}</p>;
  return (
    <Card className="min-w-0">
      <CardHeader
        title={s.defaultTitle}
        description={s.defaultHint}
        actions={<Badge tone={setting.data.canSend ? "success" : "warning"}>{setting.data.canSend ? s.sending : s.notSending}</Badge>}
      />
      <div className="p-4 sm:p-5">
        <MatchSendingForm
          key={setting.dataUpdatedAt}
          initial={setting.data as MatchSending}
          saving={save.isPending}
          error={save.error}
          onSave={(changes) => save.mutate(changes)}
        />
      </div>
    </Card>
  );
}

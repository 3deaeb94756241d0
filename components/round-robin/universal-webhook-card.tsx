"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { Checkbox } from "../ui/input";
import { useToast } from "../ui/toast";

/** Settings → Organization → the universal lead webhook integration (owners and admins; see docs/decisions.md). */
export function UniversalWebhookCard() {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setting = useQuery(trpc.settings.universalLeadWebhook.get.queryOptions());
  const update = useMutation(
    trpc.settings.universalLeadWebhook.set.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.settings.universalLeadWebhook.get.queryKey() });
        toast.success(result.enabled ? r.universalOn : r.universalOff);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  if (setting.isError && errorCodeOf(setting.error) === "FORBIDDEN") return null;
  return (
    <Card className="mt-6">
      <CardHeader title={r.universalTitle} description={r.universalBody} />
      <div className="p-5">
        <Checkbox
          label={r.universalToggle}
          checked={setting.data?.enabled ?? false}
          disabled={!setting.data || update.isPending}
          onChange={(e) => update.mutate({ enabled: e.target.checked })}
        />
      </div>
    </Card>
  );
}

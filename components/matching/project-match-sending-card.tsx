"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { MatchSendingForm, type MatchSending } from "./match-sending-form";

/**
 * The project page's "New matches" card (owners and admins; members, whom
 * the API answers 403, see nothing): what a new match of this project does,
 * whether it follows the organization's default, and whether anything can
 * be sent now.
 */
export function ProjectMatchSendingCard({ projectId }: { projectId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const s = t.matchSending;
  const setting = useQuery(trpc.projects.matchSending.queryOptions({ projectId }, { retry: false }));
  const save = useMutation(
    trpc.projects.updateMatchSending.mutationOptions({
      onSuccess: async () => {
        toast.success(s.saved);
        await queryClient.invalidateQueries({ queryKey: trpc.projects.matchSending.queryKey({ projectId }) });
      },
    }),
  );
  if (setting.isError && errorCodeOf(setting.error) === "FORBIDDEN") return null;
  return (
    <Card className="mt-6 min-w-0" aria-labelledby="match-sending-title" data-testid="match-sending-card">
      <CardHeader
        title={<span id="match-sending-title">{s.title}</span>}
        description={s.projectHint}
        actions={
          setting.data && (
            <div className="flex flex-wrap gap-2">
              {setting.data.usesOrganizationDefault && <Badge tone="neutral">{s.followsDefault}</Badge>}
              <Badge tone={setting.data.canSend ? "success" : "warning"}>{setting.data.canSend ? s.sending : s.notSending}</Badge>
            </div>
          )
        }
      />
      <div className="p-4 sm:p-5">
        {setting.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : setting.isError ? (
          <p className="text-sm text-danger">{t.common.somethingWrong}</p>
        ) : (
          <MatchSendingForm
            key={setting.dataUpdatedAt}
            initial={setting.data as MatchSending}
            saving={save.isPending}
            error={save.error}
            onSave={(changes) => save.mutate({ projectId, ...changes })}
          />
        )}
      </div>
    </Card>
  );
}

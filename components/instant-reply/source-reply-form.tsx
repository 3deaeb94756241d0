"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { useToast } from "../ui/toast";
import { ReplyForm, type ReplyChanges } from "./reply-form";

export interface SourceReply extends ReplyChanges {
  source: string;
}

/** One lead source's instant reply (Settings → Instant reply). */
export function SourceReplyForm({ initial }: { initial: SourceReply }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.instantReply.updateSource.mutationOptions({
      onSuccess: async () => {
        toast.success(t.instantReply.saved);
        await queryClient.invalidateQueries({ queryKey: trpc.instantReply.sources.queryKey() });
      },
    }),
  );
  return (
    <ReplyForm
      initial={initial}
      enabledLabel={t.instantReply.enabled}
      save={{ ...save, mutate: (changes) => save.mutate({ source: initial.source as never, ...changes }) }}
    />
  );
}

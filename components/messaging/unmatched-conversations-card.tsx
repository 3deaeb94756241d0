"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";

/**
 * Settings → Messaging: conversations whose messages belong to no lead (the
 * hourly budget of leads from unknown numbers was spent, or the plan was
 * full). A manager reads the last message and makes a lead of one.
 */
export function UnmatchedConversationsCard() {
  const { t, dates } = useI18n();
  const m = t.messaging;
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const unmatched = useQuery(trpc.messaging.unmatched.queryOptions());
  const create = useMutation(
    trpc.messaging.createLeadFromUnmatched.mutationOptions({
      onSuccess: async ({ leadId }) => {
        toast.success(m.leadCreated);
        await queryClient.invalidateQueries({ queryKey: trpc.messaging.unmatched.queryKey() });
        router.push(`/leads/${leadId}`);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );

  return (
    <Card>
      <CardHeader title={m.unmatchedTitle} description={m.unmatchedBody} />
      {unmatched.isPending ? (
        <LoadingBlock label={t.common.loading} />
      ) : (unmatched.data?.data ?? []).length === 0 ? (
        <p className="px-5 py-4 text-sm text-ink-muted">{m.unmatchedEmpty}</p>
      ) : (
        <ul className="divide-y divide-line" aria-label={m.unmatchedTitle}>
          {unmatched.data!.data.map((conversation) => (
            <li
              key={conversation.contactDigits}
              className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="unmatched-conversation"
            >
              <div className="min-w-0">
                <p className="font-medium text-ink">{conversation.phone}</p>
                <p className="mt-0.5 truncate text-sm text-ink-muted">{conversation.lastText}</p>
                <p className="mt-0.5 text-xs text-ink-subtle">
                  {m.unmatchedMessages(conversation.messages)} · {formatDateTime(conversation.lastMessageAt, dates)}
                </p>
              </div>
              <Button
                size="sm"
                className="min-h-11 shrink-0 sm:min-h-0"
                loading={create.isPending && create.variables?.contactDigits === conversation.contactDigits}
                onClick={() => create.mutate({ contactDigits: conversation.contactDigits })}
              >
                {m.createLead}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";

const STATUS_TONES: Record<"pending" | "sent" | "failed" | "not_sent", BadgeTone> = {
  pending: "accent",
  sent: "success",
  failed: "danger",
  not_sent: "warning",
};

/**
 * Settings → Organization → Outgoing email (owners and admins): whether this
 * server sends email at all, a test send, and the organization's latest mails
 * with their outcome, so "I never got the invitation" can be answered here.
 */
export function OutgoingEmailCard() {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({ ...trpc.settings.outgoingEmail.queryOptions(), refetchInterval: 5_000 });
  const sendTest = useMutation(
    trpc.settings.sendTestMail.mutationOptions({
      onSuccess: async (queued) => {
        toast.success(t.settings.mail.testQueued(queued.to));
        await queryClient.invalidateQueries({ queryKey: trpc.settings.outgoingEmail.queryKey() });
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const m = t.settings.mail;
  // Members cannot see it: the card is for the people who can fix the configuration.
  if (status.isError && errorCodeOf(status.error) === "FORBIDDEN") return null;

  return (
    <Card className="mt-6">
      <CardHeader
        title={m.title}
        description={status.data?.configured ? m.configured(status.data.from ?? "") : m.subtitle}
        actions={
          status.data?.configured && (
            <Button variant="secondary" size="sm" loading={sendTest.isPending} onClick={() => sendTest.mutate()}>
              {m.sendTest}
            </Button>
          )
        }
      />
      <div className="p-5">
        {status.isPending && <LoadingBlock label={t.common.loading} />}
        {status.isError && <p className="text-sm text-danger">{errorMessageOf(status.error, t.common.somethingWrong)}</p>}
        {status.data && !status.data.configured && (
          <p className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning" data-testid="mail-not-configured">
            {m.notConfigured}
          </p>
        )}
        {status.data && status.data.recent.length > 0 && (
          <ul className="mt-4 divide-y divide-line text-sm" aria-label={m.recent}>
            {status.data.recent.map((mail) => (
              <li key={mail.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Badge tone={STATUS_TONES[mail.status]}>{m.status[mail.status]}</Badge>
                <span className="min-w-0 flex-1 truncate">
                  {mail.subject} <span className="text-ink-muted">→ {mail.to}</span>
                </span>
                <span className="text-xs text-ink-subtle">{formatDateTime(mail.sentAt ?? mail.createdAt, dates)}</span>
                {mail.lastError && mail.status !== "sent" && <span className="w-full text-xs text-danger">{mail.lastError}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { CopyButton } from "../ui/copy-button";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { PlusIcon } from "../shell/icons";
import { ConnectSenderDialog } from "./connect-sender-dialog";
import type { SenderDetail } from "./messaging-presentation";
import { UnmatchedConversationsCard } from "./unmatched-conversations-card";

/**
 * Settings → Messaging (owners and admins): whether this server can use
 * WhatsApp at all, the webhook URL to give Meta, and the connected numbers
 * with their state, to connect, reconnect and disconnect.
 */
export function MessagingSettingsPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.messaging.settings.queryOptions(), refetchOnMount: "always" });
  const [dialog, setDialog] = useState<{ open: boolean; reconnecting: SenderDetail | null }>({ open: false, reconnecting: null });
  const [disconnecting, setDisconnecting] = useState<SenderDetail | null>(null);
  const m = t.messaging;

  if (settings.isPending) return <LoadingBlock label={t.common.loading} />;
  if (settings.isError) return <p className="text-sm text-danger">{errorMessageOf(settings.error, t.common.somethingWrong)}</p>;
  const data = settings.data;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader
          title={m.title}
          description={m.subtitle}
          actions={
            data.configured && (
              <Button onClick={() => setDialog({ open: true, reconnecting: null })}>
                <PlusIcon /> {m.connect}
              </Button>
            )
          }
        />
        {!data.configured && (
          <p className="m-5 rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning" data-testid="whatsapp-not-configured">
            {m.notConfigured}
          </p>
        )}
        {data.senders.length === 0 ? (
          data.configured && <EmptyState title={m.emptyTitle} description={m.emptyBody} />
        ) : (
          <ul className="divide-y divide-line" aria-label={m.senders}>
            {data.senders.map((sender) => (
              <SenderRow
                key={sender.id}
                sender={sender}
                onReconnect={() => setDialog({ open: true, reconnecting: sender })}
                onDisconnect={() => setDisconnecting(sender)}
              />
            ))}
          </ul>
        )}
      </Card>

      {data.configured && <UnmatchedConversationsCard />}

      {data.configured && data.webhookUrl && (
        <Card>
          <CardHeader title={m.webhookTitle} description={m.webhookHelp} />
          <div className="flex flex-col gap-2 p-5">
            <span className="text-[13px] font-medium text-ink">{m.callbackUrl}</span>
            <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line-strong bg-canvas p-2">
              <code className="min-w-0 flex-1 select-all break-all px-1 font-mono text-[13px] text-ink" data-testid="whatsapp-webhook-url">
                {data.webhookUrl}
              </code>
              <CopyButton value={data.webhookUrl} label={t.common.copy} copiedLabel={t.common.copied} />
            </div>
            {data.graphVersion && <span className="text-xs text-ink-subtle">{m.graphVersion(data.graphVersion)}</span>}
          </div>
        </Card>
      )}

      <ConnectSenderDialog open={dialog.open} reconnecting={dialog.reconnecting} onClose={() => setDialog({ open: false, reconnecting: null })} />
      <DisconnectSender sender={disconnecting} onClose={() => setDisconnecting(null)} />
    </div>
  );
}

function SenderRow({ sender, onReconnect, onDisconnect }: { sender: SenderDetail; onReconnect: () => void; onDisconnect: () => void }) {
  const { t, dates } = useI18n();
  const m = t.messaging;
  const broken = sender.status === "reconnect_required";
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="whatsapp-sender">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink">{sender.label}</span>
          <Badge tone={broken ? "danger" : "success"}>{m.status[sender.status]}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-ink">
          {sender.displayPhoneNumber} <span className="text-ink-muted">· {sender.verifiedName}</span>
        </p>
        <p className="mt-0.5 break-all font-mono text-xs text-ink-subtle">
          {sender.phoneNumberId} · {m.connectedOn(formatDate(sender.createdAt, dates))}
        </p>
        {broken && sender.statusReason && <p className="mt-1 text-xs text-danger">{sender.statusReason}</p>}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant={broken ? "primary" : "secondary"} size="sm" className="min-h-11 sm:min-h-0" onClick={onReconnect}>
          {m.reconnect}
        </Button>
        <Button variant="danger-ghost" size="sm" className="min-h-11 sm:min-h-0" onClick={onDisconnect}>
          {m.disconnect}
        </Button>
      </div>
    </li>
  );
}

function DisconnectSender({ sender, onClose }: { sender: SenderDetail | null; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const disconnect = useMutation(
    trpc.messaging.disconnectSender.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.messaging.pathKey() });
        toast.success(t.messaging.disconnected);
        onClose();
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <ConfirmDialog
      open={sender !== null}
      title={t.messaging.disconnectTitle}
      body={t.messaging.disconnectBody}
      confirmLabel={t.messaging.disconnect}
      cancelLabel={t.common.cancel}
      busy={disconnect.isPending}
      onConfirm={() => sender && disconnect.mutate({ id: sender.id })}
      onClose={onClose}
    />
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/api/root";
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
import { AdPageMapping } from "./ad-page-mapping";
import { ConnectAdPageDialog } from "./connect-ad-page-dialog";

type AdPage = inferRouterOutputs<AppRouter>["leadSources"]["pages"]["pages"][number];

/**
 * Settings → Lead sources (owners and admins): whether this server can
 * receive Meta Lead Ads at all, the callback URL to give Meta, and the
 * connected pages with their state, how many leads each brought, and the
 * mapping of their form questions.
 */
export function LeadSourcesPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.leadSources.pages.queryOptions(), refetchOnMount: "always" });
  const [dialog, setDialog] = useState<{ open: boolean; reconnecting: AdPage | null }>({ open: false, reconnecting: null });
  const [disconnecting, setDisconnecting] = useState<AdPage | null>(null);
  const s = t.leadSources;

  if (overview.isPending) return <LoadingBlock label={t.common.loading} />;
  if (overview.isError) return <p className="text-sm text-danger">{errorMessageOf(overview.error, t.common.somethingWrong)}</p>;
  const data = overview.data;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader
          title={s.title}
          description={s.subtitle}
          actions={
            data.configured && (
              <Button onClick={() => setDialog({ open: true, reconnecting: null })}>
                <PlusIcon /> {s.connect}
              </Button>
            )
          }
        />
        {!data.configured && (
          <p className="m-5 rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning" data-testid="lead-ads-not-configured">
            {s.notConfigured}
          </p>
        )}
        {data.pages.length === 0 ? (
          data.configured && <EmptyState title={s.emptyTitle} description={s.emptyBody} />
        ) : (
          <ul className="divide-y divide-line" aria-label={s.pages}>
            {data.pages.map((page) => (
              <PageRow
                key={page.id}
                page={page}
                onReconnect={() => setDialog({ open: true, reconnecting: page })}
                onDisconnect={() => setDisconnecting(page)}
              />
            ))}
          </ul>
        )}
      </Card>

      {data.configured && data.webhookUrl && (
        <Card>
          <CardHeader title={s.webhookTitle} description={s.webhookHelp} />
          <div className="flex flex-col gap-2 p-5">
            <span className="text-[13px] font-medium text-ink">{s.callbackUrl}</span>
            <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line-strong bg-canvas p-2">
              <code className="min-w-0 flex-1 select-all break-all px-1 font-mono text-[13px] text-ink" data-testid="lead-ads-webhook-url">
                {data.webhookUrl}
              </code>
              <CopyButton value={data.webhookUrl} label={t.common.copy} copiedLabel={t.common.copied} />
            </div>
          </div>
        </Card>
      )}

      <ConnectAdPageDialog open={dialog.open} reconnecting={dialog.reconnecting} onClose={() => setDialog({ open: false, reconnecting: null })} />
      <DisconnectPage page={disconnecting} onClose={() => setDisconnecting(null)} />
    </div>
  );
}

function PageRow({ page, onReconnect, onDisconnect }: { page: AdPage; onReconnect: () => void; onDisconnect: () => void }) {
  const { t, dates } = useI18n();
  const s = t.leadSources;
  const broken = page.status === "reconnect_required";
  return (
    <li className="px-5 py-4" data-testid="ad-page">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink">{page.pageName}</span>
            <Badge tone={broken ? "danger" : "success"}>{s.status[page.status]}</Badge>
          </div>
          <p className="mt-0.5 break-all font-mono text-xs text-ink-subtle">{page.pageId}</p>
          <p className="mt-0.5 text-sm text-ink-muted">
            {s.leadsReceived(page.leadsReceived, page.lastLeadAt ? formatDate(page.lastLeadAt, dates) : null)}
          </p>
          {broken && page.statusReason && <p className="mt-1 text-xs text-danger">{page.statusReason}</p>}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant={broken ? "primary" : "secondary"} size="sm" className="min-h-11 sm:min-h-0" onClick={onReconnect}>
            {s.reconnect}
          </Button>
          <Button variant="danger-ghost" size="sm" className="min-h-11 sm:min-h-0" onClick={onDisconnect}>
            {s.disconnect}
          </Button>
        </div>
      </div>
      <AdPageMapping key={JSON.stringify(page.fieldMapping)} connectionId={page.id} mapping={page.fieldMapping} />
    </li>
  );
}

function DisconnectPage({ page, onClose }: { page: AdPage | null; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const disconnect = useMutation(
    trpc.leadSources.disconnect.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leadSources.pathKey() });
        toast.success(t.leadSources.disconnected);
        onClose();
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <ConfirmDialog
      open={page !== null}
      title={t.leadSources.disconnectTitle}
      body={t.leadSources.disconnectBody}
      confirmLabel={t.leadSources.disconnect}
      cancelLabel={t.common.cancel}
      busy={disconnect.isPending}
      onConfirm={() => page && disconnect.mutate({ connectionId: page.id })}
      onClose={onClose}
    />
  );
}

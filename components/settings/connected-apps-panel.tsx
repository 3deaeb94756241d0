"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatDateTime, formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { ScopeList } from "./api-keys-panel";

/**
 * The organization's connections (Settings, owners and admins) or, with
 * `mine`, the viewer's own (their profile, any member): one row per person
 * and app, revocable.
 */
export function ConnectedAppsPanel({ mine = false }: { mine?: boolean }) {
  const { t, dates, locale } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const source = mine ? trpc.settings.connectedApps.mine : trpc.settings.connectedApps.list;
  const apps = useQuery(source.queryOptions());
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const revoke = useMutation(
    trpc.settings.connectedApps.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: source.queryKey() });
        toast.success(t.settings.apps.revoked);
        setRevoking(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const a = t.settings.apps;
  return (
    <Card>
      <CardHeader title={t.settings.connectedApps} description={mine ? a.mineSubtitle : a.subtitle} />
      {apps.isPending ? (
        <LoadingBlock label={t.common.loading} />
      ) : apps.isError ? (
        <EmptyState title={t.common.somethingWrong} description={errorMessageOf(apps.error, "")} />
      ) : apps.data.data.length === 0 ? (
        <EmptyState title={a.emptyTitle} description={a.emptyBody} />
      ) : (
        <Table label={t.settings.connectedApps}>
          <THead>
            <tr>
              <TH>{a.columns.app}</TH>
              {!mine && <TH>{a.columns.users}</TH>}
              <TH>{a.columns.scopes}</TH>
              <TH>{a.columns.lastUsed}</TH>
              <TH>{a.columns.connected}</TH>
              <TH className="w-0">
                <span className="sr-only">{t.mobile.actions}</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {apps.data.data.map((app) => (
              <TR key={app.id}>
                <TD>
                  <span className="font-medium">{app.name}</span> {!app.isActive && <Badge tone="warning">{a.disabled}</Badge>}
                  <p className="font-mono text-xs text-ink-muted">{app.clientId}</p>
                </TD>
                {!mine && (
                  <TD label={a.columns.users} className="text-ink-muted">
                    <p title={app.user.email}>{app.user.name}</p>
                  </TD>
                )}
                <TD label={a.columns.scopes}>
                  <ScopeList scopes={app.scopes} allLabel={t.settings.keys.allScopes} />
                </TD>
                <TD label={a.columns.lastUsed} className="whitespace-nowrap text-ink-muted" title={app.lastUsedAt ? formatDateTime(app.lastUsedAt, dates) : undefined}>
                  {app.lastUsedAt ? formatRelative(app.lastUsedAt, locale) : t.common.never}
                </TD>
                <TD label={a.columns.connected} className="whitespace-nowrap text-ink-muted">{formatDate(app.connectedAt, dates)}</TD>
                <TD actions>
                  <Button variant="danger-ghost" size="sm" onClick={() => setRevoking({ id: app.id, name: app.name })}>
                    {a.revoke}
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={a.revokeTitle}
        body={revoking ? a.revokeBody(revoking.name) : ""}
        confirmLabel={a.revoke}
        cancelLabel={t.common.cancel}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

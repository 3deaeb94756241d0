"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { PlusIcon } from "../shell/icons";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { RegisterPrivateAppDialog } from "./register-private-app-dialog";

/** Settings → Connected apps, for owners: the organization's own OAuth apps, registered and switched on or off here. */
export function PrivateAppsPanel() {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const apps = useQuery(trpc.settings.privateApps.list.queryOptions());
  const [registering, setRegistering] = useState(false);
  const setActive = useMutation(
    trpc.settings.privateApps.setActive.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.settings.privateApps.list.queryKey() });
        toast.success(p.updated);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const p = t.oauth.privateApps;
  return (
    <Card>
      <CardHeader
        title={p.title}
        description={p.subtitle}
        actions={
          <Button onClick={() => setRegistering(true)}>
            <PlusIcon /> {p.create}
          </Button>
        }
      />
      {apps.isPending ? (
        <LoadingBlock label={t.common.loading} />
      ) : apps.isError ? (
        <EmptyState title={t.common.somethingWrong} description={errorMessageOf(apps.error, "")} />
      ) : apps.data.data.length === 0 ? (
        <EmptyState title={p.emptyTitle} description={p.emptyBody} />
      ) : (
        <Table label={p.title}>
          <THead>
            <tr>
              <TH>{p.name}</TH>
              <TH>{p.redirectUris}</TH>
              <TH>{p.kind}</TH>
              <TH>{t.settings.apps.columns.connected}</TH>
              <TH className="w-0">
                <span className="sr-only">{t.mobile.actions}</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {apps.data.data.map((app) => (
              <TR key={app.id}>
                <TD>
                  <span className="font-medium">{app.name}</span>{" "}
                  <Badge tone={app.isActive ? "success" : "warning"}>{app.isActive ? p.enabled : p.disabledState}</Badge>
                  <p className="font-mono text-xs text-ink-muted">{app.clientId}</p>
                </TD>
                <TD label={p.redirectUris} className="break-all font-mono text-xs text-ink-muted">
                  {app.redirectUris.map((uri) => (
                    <p key={uri}>{uri}</p>
                  ))}
                </TD>
                <TD label={p.kind}>{app.isPublic ? p.public : p.confidential}</TD>
                <TD label={t.settings.apps.columns.connected} className="whitespace-nowrap text-ink-muted">
                  {formatDate(app.createdAt, dates)}
                </TD>
                <TD actions>
                  <Button variant="ghost" size="sm" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: app.id, isActive: !app.isActive })}>
                    {app.isActive ? p.disable : p.enable}
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <RegisterPrivateAppDialog open={registering} onClose={() => setRegistering(false)} />
    </Card>
  );
}

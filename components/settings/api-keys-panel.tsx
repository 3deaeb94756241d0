"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatDateTime, formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { SCOPES } from "~/server/auth/scopes";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { PlusIcon } from "../shell/icons";
import { CreateApiKeyDialog } from "./create-api-key-dialog";

const STATE_TONES: Record<"active" | "expired" | "revoked", BadgeTone> = { active: "success", expired: "warning", revoked: "neutral" };

export function ScopeList({ scopes, allLabel }: { scopes: string[]; allLabel: string }) {
  if (SCOPES.every((scope) => scopes.includes(scope))) return <Badge tone="accent">{allLabel}</Badge>;
  const shown = scopes.slice(0, 2);
  return (
    <span className="flex flex-wrap gap-1" title={scopes.join(", ")}>
      {shown.map((scope) => (
        <code key={scope} className="rounded bg-canvas px-1.5 py-0.5 font-mono text-[11px] text-ink-muted ring-1 ring-line">
          {scope}
        </code>
      ))}
      {scopes.length > shown.length && <span className="text-xs text-ink-muted">+{scopes.length - shown.length}</span>}
    </span>
  );
}

export function ApiKeysPanel() {
  const { t, dates, locale } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.settings.apiKeys.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const revoke = useMutation(
    trpc.settings.apiKeys.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.settings.apiKeys.list.queryKey() });
        toast.success(t.settings.keys.revoked);
        setRevoking(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const k = t.settings.keys;
  const c = k.columns;

  return (
    <Card>
      <CardHeader
        title={t.settings.apiKeys}
        description={k.subtitle}
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> {k.create}
          </Button>
        }
      />
      <ListQueryStates query={keys} empty={<EmptyState title={k.emptyTitle} description={k.emptyBody} />}>
        {(page) => (
          <Table label={t.settings.apiKeys}>
            <THead>
              <tr>
                <TH>{c.name}</TH>
                <TH>{c.key}</TH>
                <TH>{c.scopes}</TH>
                <TH>{c.createdBy}</TH>
                <TH>{c.lastUsed}</TH>
                <TH>{c.expires}</TH>
                <TH>{c.state}</TH>
                <TH className="w-0">
                  <span className="sr-only">{t.mobile.actions}</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {page.data.map((key) => (
                <TR key={key.id} className={key.state === "active" ? undefined : "text-ink-subtle"}>
                  <TD className="font-medium">
                    {key.name}
                    <p className="text-xs font-normal text-ink-muted">{formatDate(key.createdAt, dates)}</p>
                  </TD>
                  <TD label={c.key}>
                    <code className="whitespace-nowrap font-mono text-xs">{key.displayPrefix}</code>
                  </TD>
                  <TD label={c.scopes}>
                    <ScopeList scopes={key.scopes} allLabel={k.allScopes} />
                  </TD>
                  <TD label={c.createdBy} className="text-ink-muted">{key.createdBy?.name ?? "—"}</TD>
                  <TD label={c.lastUsed} className="whitespace-nowrap text-ink-muted" title={key.lastUsedAt ? formatDateTime(key.lastUsedAt, dates) : undefined}>
                    {key.lastUsedAt ? formatRelative(key.lastUsedAt, locale) : t.common.never}
                  </TD>
                  <TD label={c.expires} className="whitespace-nowrap text-ink-muted">{key.expiresAt ? formatDate(key.expiresAt, dates) : t.common.never}</TD>
                  <TD label={c.state}>
                    <Badge tone={STATE_TONES[key.state]}>{k.states[key.state]}</Badge>
                  </TD>
                  <TD actions>
                    {key.isActive && (
                      <Button variant="danger-ghost" size="sm" onClick={() => setRevoking({ id: key.id, name: key.name })}>
                        {k.revoke}
                      </Button>
                    )}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </ListQueryStates>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={k.revokeTitle}
        body={revoking ? k.revokeBody(revoking.name) : ""}
        confirmLabel={k.revoke}
        cancelLabel={t.common.cancel}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

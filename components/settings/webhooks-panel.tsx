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
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { PlusIcon } from "../shell/icons";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeliveryLog } from "./delivery-log";
import { RotateSecretButton, SecretOverlapNote } from "./rotate-webhook-secret";
import { managedByLabel, subscriptionLabel, type WebhookSubscription } from "./webhook-presentation";

/** Settings → Webhooks: every endpoint of the organization (whoever manages it) and the delivery log. */
export function WebhooksPanel() {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const subscriptions = useQuery({ ...trpc.webhooks.dashboardList.queryOptions(), staleTime: 0, refetchOnMount: "always" });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const h = t.settings.hooks;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader
          title={t.settings.webhooks}
          description={h.subtitle}
          actions={
            <Button onClick={() => setCreating(true)}>
              <PlusIcon /> {h.create}
            </Button>
          }
        />
        <ListQueryStates query={subscriptions} empty={<EmptyState title={h.emptyTitle} description={h.emptyBody} />}>
          {(page) => (
            <Table label={t.settings.webhooks}>
              <THead>
                <tr>
                  <TH>{h.url}</TH>
                  <TH>{h.event}</TH>
                  <TH>{h.columns.status}</TH>
                  <TH>{h.columns.created}</TH>
                  <TH className="w-0">
                    <span className="sr-only">{t.mobile.actions}</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {page.data.map((subscription) => (
                  <SubscriptionRow
                    key={subscription.id}
                    subscription={subscription}
                    onDelete={() => setDeleting(subscription)}
                    createdLabel={formatDate(subscription.createdAt, dates)}
                    disabledSince={subscription.disabledAt ? formatDate(subscription.disabledAt, dates) : null}
                  />
                ))}
              </TBody>
            </Table>
          )}
        </ListQueryStates>
      </Card>
      <DeliveryLog subscriptions={subscriptions.data?.data ?? []} />
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteWebhook subscription={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function SubscriptionRow({
  subscription,
  onDelete,
  createdLabel,
  disabledSince,
}: {
  subscription: WebhookSubscription;
  onDelete: () => void;
  createdLabel: string;
  disabledSince: string | null;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setActive = useMutation(
    trpc.webhooks.dashboardSetActive.mutationOptions({
      onSuccess: async (updated) => {
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.dashboardList.queryKey() });
        toast.success(updated.isActive ? t.settings.hooks.enabledToast : t.settings.hooks.disabledToast);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const h = t.settings.hooks;
  return (
    <TR>
      <TD className="sm:max-w-md">
        <p className="truncate font-medium">{subscriptionLabel(subscription)}</p>
        {subscription.name && <p className="truncate font-mono text-xs text-ink-muted">{subscription.targetUrl}</p>}
        <p className="mt-0.5 text-xs text-ink-subtle">{managedByLabel(subscription.managedBy, t)}</p>
      </TD>
      <TD label={h.event}>
        <code className="break-all font-mono text-xs">{subscription.event}</code>
      </TD>
      <TD label={h.columns.status}>
        <div className="flex flex-col items-start gap-1">
          <Badge tone={subscription.isActive ? "success" : subscription.disabledReason === "paused" ? "neutral" : "danger"}>
            {subscription.isActive ? h.enabled : subscription.disabledReason === "paused" || !subscription.disabledReason ? h.paused : h.disabled}
          </Badge>
          {!subscription.isActive && subscription.disabledReason && subscription.disabledReason !== "paused" && (
            <span className="max-w-56 text-xs text-danger" data-testid="disabled-reason">
              {h.disabledBecause[subscription.disabledReason]}
              {disabledSince && ` · ${h.since(disabledSince)}`}
            </span>
          )}
          {subscription.consecutiveFailures > 0 && <span className="text-xs text-danger">{h.failures(subscription.consecutiveFailures)}</span>}
          <SecretOverlapNote subscription={subscription} />
        </div>
      </TD>
      <TD label={h.columns.created} className="whitespace-nowrap text-ink-muted">{createdLabel}</TD>
      <TD actions>
        <div className="flex justify-end gap-1">
          <Button
            variant="secondary"
            size="sm"
            loading={setActive.isPending}
            onClick={() => setActive.mutate({ id: subscription.id, isActive: !subscription.isActive })}
          >
            {subscription.isActive ? h.disable : h.enable}
          </Button>
          <RotateSecretButton subscription={subscription} />
          <Button variant="danger-ghost" size="sm" onClick={onDelete}>
            {h.delete}
          </Button>
        </div>
      </TD>
    </TR>
  );
}

function DeleteWebhook({ subscription, onClose }: { subscription: WebhookSubscription | null; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.webhooks.dashboardDelete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
        toast.success(t.settings.hooks.deleted);
        onClose();
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <ConfirmDialog
      open={subscription !== null}
      title={t.settings.hooks.deleteTitle}
      body={t.settings.hooks.deleteBody}
      confirmLabel={t.settings.hooks.delete}
      cancelLabel={t.common.cancel}
      busy={remove.isPending}
      onConfirm={() => subscription && remove.mutate({ id: subscription.id })}
      onClose={onClose}
    />
  );
}

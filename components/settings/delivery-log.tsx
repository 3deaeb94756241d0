"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatPreciseTime, formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { cx } from "../ui/cx";
import { EmptyState } from "../ui/empty-state";
import { Select } from "../ui/input";
import { ListQueryStates } from "../ui/list-query-states";
import { Pagination } from "../ui/pagination";
import { useToast } from "../ui/toast";
import {
  DELIVERY_STATUS_TONES,
  subscriptionLabel,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookSubscription,
} from "./webhook-presentation";

const PAGE_SIZE = 20;
const STATUSES: DeliveryStatus[] = ["pending", "succeeded", "failed"];

/**
 * Every delivery of every endpoint (API-managed ones included), newest first,
 * with each attempt: when, the answer or the error, and how long it took.
 * Refreshes by itself, every few seconds while a delivery is pending.
 */
export function DeliveryLog({ subscriptions }: { subscriptions: WebhookSubscription[] }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [subscriptionId, setSubscriptionId] = useState("");
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const [offset, setOffset] = useState(0);
  const input = {
    limit: PAGE_SIZE,
    offset,
    ...(subscriptionId ? { subscriptionId } : {}),
    ...(status ? { status } : {}),
  };
  const deliveries = useQuery({
    ...trpc.webhooks.listDeliveries.queryOptions(input),
    placeholderData: keepPreviousData,
    // A log is read for what just happened: always fetch on open, then follow along (faster while a delivery is pending).
    staleTime: 0,
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.data.some((delivery) => delivery.status === "pending") ? 3_000 : 15_000),
  });
  const h = t.settings.hooks;
  const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));

  return (
    <Card>
      <CardHeader
        title={h.deliveries}
        actions={
          <>
            <Select aria-label={h.columns.endpoint} value={subscriptionId} onChange={(e) => (setSubscriptionId(e.target.value), setOffset(0))} className="w-auto min-w-0 flex-1 basis-40 sm:max-w-56 sm:flex-none sm:basis-auto">
              <option value="">{h.allEndpoints}</option>
              {subscriptions.map((subscription) => (
                <option key={subscription.id} value={subscription.id}>
                  {subscriptionLabel(subscription)}
                </option>
              ))}
            </Select>
            <Select aria-label={h.columns.status} value={status} onChange={(e) => (setStatus(e.target.value as DeliveryStatus | ""), setOffset(0))} className="w-auto min-w-0 flex-1 basis-40 sm:flex-none sm:basis-auto">
              <option value="">{h.allStatuses}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {h.deliveryStatus[value]}
                </option>
              ))}
            </Select>
            <Button variant="secondary" size="sm" loading={deliveries.isFetching && !deliveries.isPending} onClick={() => void deliveries.refetch()}>
              {h.refresh}
            </Button>
          </>
        }
      />
      <ListQueryStates query={deliveries} empty={<EmptyState title={h.deliveriesEmpty} />}>
        {(page) => (
          <>
            <ul className="divide-y divide-line" data-testid="delivery-log">
              {page.data.map((delivery) => (
                <DeliveryItem key={delivery.id} delivery={delivery} subscription={byId.get(delivery.subscriptionId)} />
              ))}
            </ul>
            <Pagination
              offset={offset}
              limit={PAGE_SIZE}
              total={page.pagination.total}
              onChange={setOffset}
            />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}

function DeliveryItem({ delivery, subscription }: { delivery: WebhookDelivery; subscription: WebhookSubscription | undefined }) {
  const { t, dates, locale } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.webhooks.resendDelivery.mutationOptions({
      onSuccess: async () => {
        toast.success(t.settings.hooks.resent);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.listDeliveries.pathKey() });
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const h = t.settings.hooks;
  return (
    <li className="px-5 py-3.5" data-delivery-status={delivery.status} data-event-type={delivery.eventType}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <code className="font-mono text-[13px] font-medium">{delivery.eventType}</code>
        <Badge tone={DELIVERY_STATUS_TONES[delivery.status]}>{h.deliveryStatus[delivery.status]}</Badge>
        <span className="min-w-0 flex-1 truncate text-[13px] text-ink-muted" title={subscription?.targetUrl}>
          → {subscription ? subscriptionLabel(subscription) : delivery.subscriptionId}
        </span>
        <span className="text-xs text-ink-muted">
          {h.source}: <code className="font-mono">{delivery.origin}</code>
        </span>
        <time className="text-xs text-ink-muted" dateTime={delivery.createdAt} title={formatRelative(delivery.createdAt, locale)}>
          {formatDateTime(delivery.createdAt, dates)}
        </time>
        {delivery.status === "failed" && (
          <Button variant="secondary" size="sm" loading={resend.isPending} onClick={() => resend.mutate({ id: delivery.id })}>
            {h.resend}
          </Button>
        )}
      </div>
      {delivery.status === "pending" && delivery.nextAttemptAt && (
        <p className="mt-1 text-xs text-warning">
          {h.columns.nextRetry}: {formatDateTime(delivery.nextAttemptAt, dates)} ({formatRelative(delivery.nextAttemptAt, locale)})
        </p>
      )}
      {delivery.attempts.length > 0 && (
        <ol className="mt-2 flex flex-col gap-1 border-l-2 border-line pl-3">
          {delivery.attempts.map((attempt) => {
            const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
            return (
              <li key={attempt.number} className="flex flex-wrap items-baseline gap-x-3 text-xs" data-attempt={attempt.number}>
                <span className="font-medium text-ink">{h.attempt(attempt.number)}</span>
                <span className="text-ink-muted">{formatPreciseTime(attempt.startedAt, dates)}</span>
                <span className={cx("font-mono font-medium", ok ? "text-success" : "text-danger")}>
                  {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? h.noResponse)}
                </span>
                {attempt.statusCode !== null && attempt.error && <span className="text-danger">{attempt.error}</span>}
                <span className="tabular-nums text-ink-subtle">{attempt.durationMs} ms</span>
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}

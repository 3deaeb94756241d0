"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { Avatar } from "./avatar";
import { AssignmentsChart } from "./assignments-chart";
import { PoolHistory } from "./pool-history";
import { SpeedToLeadCard } from "./speed-to-lead-card";
import { DistributionCard } from "./distribution-card";
import { PoolInstantReplyCard } from "./pool-instant-reply-card";
import { CONNECTION_MATCH_FIELDS, nextParticipantOf, type Connection, type Pool } from "./pool-presentation";

/** What the viewer's role lets them do here (decided on the server from the procedures' declarations). */
export interface PoolActions {
  edit: boolean;
  remove: boolean;
  pause: boolean;
  instantReply: boolean;
}

/**
 * A pool's page: who gets the next lead, the rotation (with pause/resume),
 * connections, a 30-day chart and the history. Every member may read it;
 * editing, deleting and pausing are offered only to the roles allowed to.
 */
export function PoolDetail({ poolId, can }: { poolId: string; can: PoolActions }) {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const pool = useQuery(trpc.roundRobin.get.queryOptions({ roundRobinId: poolId }));
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.roundRobin.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.roundRobin.pathKey() });
        toast.success(r.deleted);
        router.push("/routing");
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );

  if (pool.isPending) return <LoadingBlock label={t.common.loading} />;
  if (pool.isError) {
    return (
      <Card>
        <EmptyState
          title={errorCodeOf(pool.error) === "NOT_FOUND" ? t.common.notFound : t.common.somethingWrong}
          action={<Link href="/routing" className="text-sm font-medium text-accent hover:underline">← {r.title}</Link>}
        />
      </Card>
    );
  }
  const data = pool.data;
  const next = nextParticipantOf(data);
  return (
    <>
      <Link href="/routing" className="text-sm text-ink-muted hover:text-ink">
        ← {r.title}
      </Link>
      <header className="mb-6 mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <Badge tone={data.isActive ? "success" : "neutral"}>{data.isActive ? r.status.active : r.status.inactive}</Badge>
            <span>{r.participantCount(data.participants.filter((p) => p.isActive).length)}</span>
            <span>{`${r.columns.assignments}: ${data.stats.totalAssignments}`}</span>
          </div>
        </div>
        <div className="flex gap-2">
          {can.edit && (
            <Link href={`/routing/${data.id}/edit`} className={buttonClasses("secondary")}>
              {t.common.edit}
            </Link>
          )}
          {can.remove && (
            <Button variant="danger-ghost" onClick={() => setConfirming(true)}>
              {r.deletePool}
            </Button>
          )}
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader title={r.fields.participants} />
            <div className="flex items-center gap-3 border-b border-line bg-accent-soft/50 px-5 py-3 text-sm" data-testid="next-participant">
              {next ? (
                <>
                  <span className="text-ink-muted">{r.nextLead}</span>
                  <Avatar name={next.user.name} image={next.user.image} size={24} />
                  <strong>{next.user.name}</strong>
                </>
              ) : (
                <span className="text-warning">{r.nobodyEligible}</span>
              )}
            </div>
            <ParticipantsPanel pool={data} canPause={can.pause} />
          </Card>
          <AssignmentsChart poolId={data.id} />
          <PoolHistory poolId={data.id} />
        </div>
        <div className="flex flex-col gap-6">
          <ConnectionsPanel connections={data.connections} />
          <SpeedToLeadCard poolId={data.id} canEdit={can.edit} />
          <DistributionCard poolId={data.id} canEdit={can.edit} />
          {can.instantReply && <PoolInstantReplyCard poolId={data.id} />}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={r.deletePool}
        body={r.deleteConfirm(data.name)}
        confirmLabel={t.common.delete}
        cancelLabel={t.common.cancel}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ roundRobinId: data.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ParticipantsPanel({ pool, canPause }: { pool: Pool; canPause: boolean }) {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const pause = useMutation(
    trpc.roundRobin.setParticipantActive.mutationOptions({
      onSuccess: async (_result, input) => {
        await queryClient.invalidateQueries({ queryKey: trpc.roundRobin.pathKey() });
        const name = pool.participants.find((p) => p.userId === input.userId)?.user.name ?? "";
        toast.success(input.isActive ? r.resumedToast(name) : r.pausedToast(name));
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <ol className="divide-y divide-line" aria-label={r.fields.participants}>
      {pool.participants.map((p) => (
        <li key={p.id} className="flex items-center gap-3 px-5 py-3 text-sm">
          <span className="w-6 text-right tabular-nums text-ink-muted">{p.order}</span>
          <Avatar name={p.user.name} image={p.user.image} />
          <span className="min-w-0 flex-1 truncate">
            {p.user.name} <span className="text-ink-subtle">{p.user.email}</span>
          </span>
          {!p.isActive && <Badge tone="warning">{r.paused}</Badge>}
          {canPause && (
            <Button
              size="sm"
              variant="secondary"
              loading={pause.isPending && pause.variables?.userId === p.userId}
              onClick={() => pause.mutate({ roundRobinId: pool.id, userId: p.userId, isActive: !p.isActive })}
              aria-label={`${p.isActive ? r.pause : r.resume} ${p.user.name}`}
            >
              {p.isActive ? r.pause : r.resume}
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

function ConnectionsPanel({ connections }: { connections: Connection[] }) {
  const { t } = useI18n();
  const r = t.routing;
  return (
    <Card className="h-fit">
      <CardHeader title={r.fields.connections} />
      {connections.length === 0 ? (
        <p className="p-5 text-sm text-ink-muted">{r.noConnections}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {connections.map((c) => {
            const fields = CONNECTION_MATCH_FIELDS.filter((f) => c[f] !== null);
            return (
              <li key={c.id} className="px-5 py-3">
                <p className="font-medium">
                  {r.connectionSource[c.source]}
                  {c.provider && ` · ${r.provider[c.provider]}`}
                </p>
                {fields.length === 0 && !c.provider ? (
                  <p className="text-ink-muted">{r.genericWebhook}</p>
                ) : (
                  fields.map((f) => (
                    <p key={f} className="text-ink-muted">
                      {r.fields[f]}: <span className="break-all font-mono text-xs text-ink">{c[f]}</span>
                    </p>
                  ))
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

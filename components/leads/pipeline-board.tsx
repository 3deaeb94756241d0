"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { ColorDot } from "../ui/badge";
import { cx } from "../ui/cx";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { useIsPhone } from "../ui/use-media-query";
import { BoardCard } from "./board-card";
import { leadName, type Lead, type Stage } from "./lead-presentation";
import { StagePicker } from "./stage-picker";

const BOARD_SIZE = 100;

/**
 * The pipeline: one column per stage. A card moves by drag and drop or, for
 * keyboard and screen-reader users, with its "Move to stage" menu; both send
 * the same update (stageId, and the status the stage stands for).
 */
export function PipelineBoard() {
  const { t, money } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const stages = useQuery(trpc.catalog.pipelineStages.queryOptions());
  const listInput = { limit: BOARD_SIZE, sortBy: "createdAt", sortOrder: "desc" } as const;
  const listKey = trpc.leads.list.queryKey(listInput);
  const leads = useQuery(trpc.leads.list.queryOptions(listInput));
  const [dragOver, setDragOver] = useState<string | null>(null);
  const isPhone = useIsPhone();

  const move = useMutation(
    trpc.leads.update.mutationOptions({
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (old) =>
          old && {
            ...old,
            data: old.data.map((lead) =>
              lead.id === input.leadId ? { ...lead, stageId: input.stageId ?? null, status: input.status ?? lead.status } : lead,
            ),
          },
        );
        return { previous };
      },
      onError: (error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(listKey, context.previous);
        toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
      onSuccess: (lead) => {
        const stage = stages.data?.data.find((candidate) => candidate.id === lead.stageId);
        toast.success(t.pipeline.moved(leadName(lead, t.leads.unnamed), stage ? stage.name : ""));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
    }),
  );

  function moveLead(lead: Lead, stage: Stage) {
    if (lead.stageId === stage.id) return;
    // The server sets the status a won/lost stage stands for.
    move.mutate({ leadId: lead.id, stageId: stage.id });
  }

  if (stages.isPending || leads.isPending) return <LoadingBlock label={t.common.loading} />;
  const stageList = stages.data?.data ?? [];
  const leadList = leads.data?.data ?? [];
  const truncated = leads.data && leads.data.pagination.total > BOARD_SIZE && (
    <p className="mb-3 text-[13px] text-ink-muted">{t.pipeline.showingRecent(BOARD_SIZE)}</p>
  );

  if (isPhone) {
    return (
      <>
        {truncated}
        <StagePicker stages={stageList} leads={leadList} onMove={moveLead} />
      </>
    );
  }

  return (
    <>
      {truncated}
      {/* Narrower screens scroll the board sideways, a column at a time; from `xl` (a laptop) the columns share the width, so a
          usual pipeline (up to about eight stages at 1366 px) is seen whole, and only a longer one scrolls. */}
      <div className="relative flex gap-4 overflow-x-auto pb-4 xl:gap-2" data-testid="pipeline-board">
        {stageList.map((stage) => {
          const cards = leadList.filter((lead) => lead.stageId === stage.id);
          const total = cards.reduce((sum, lead) => sum + (lead.estimatedValue ?? 0), 0);
          return (
            <section
              key={stage.id}
              aria-label={stage.name}
              data-stage={stage.name}
              onDragOver={(event) => {
                event.preventDefault();
                setDragOver(stage.id);
              }}
              onDragLeave={() => setDragOver((current) => (current === stage.id ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                setDragOver(null);
                const lead = leadList.find((candidate) => candidate.id === event.dataTransfer.getData("text/lead-id"));
                if (lead) moveLead(lead, stage);
              }}
              className={cx(
                "flex w-64 shrink-0 flex-col rounded-xl border bg-canvas/80 transition-colors xl:w-auto xl:min-w-28 xl:flex-1 xl:basis-0",
                dragOver === stage.id ? "border-accent bg-accent-soft/60" : "border-line",
              )}
            >
              {/* In a laptop's narrow columns the name keeps its words whole (the count wraps under it, the top border keeps the
                  stage's colour in place of the dot). */}
              <header
                className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-line px-3 py-2.5 xl:px-2"
                style={{ boxShadow: `inset 0 3px 0 ${stage.color}` }}
              >
                <span className="flex xl:hidden">
                  <ColorDot color={stage.color} />
                </span>
                <h2 className="flex-1 text-sm leading-tight font-semibold break-words xl:text-[13px]">{stage.name}</h2>
                <span className="rounded-full bg-surface px-2 text-xs font-medium text-ink-muted ring-1 ring-line">{cards.length}</span>
              </header>
              {total > 0 && <p className="px-3 pt-2 text-xs text-ink-muted tabular-nums">Σ {money(total)}</p>}
              <ol className="flex min-h-24 flex-1 flex-col gap-2 p-2">
                {cards.length === 0 && <li className="px-2 py-6 text-center text-xs text-ink-subtle">{t.pipeline.emptyStage}</li>}
                {cards.map((lead) => (
                  <BoardCard key={lead.id} lead={lead} stages={stageList} onMove={(target) => moveLead(lead, target)} />
                ))}
              </ol>
            </section>
          );
        })}
      </div>
    </>
  );
}

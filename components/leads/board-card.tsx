"use client";

import Link from "next/link";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { cx } from "../ui/cx";
import { leadName, type Lead, type Stage } from "./lead-presentation";

/** A lead on the pipeline: draggable on the board, and always movable with its stage menu (keyboard, screen reader, touch). */
export function BoardCard({ lead, stages, onMove, draggable = true }: { lead: Lead; stages: Stage[]; onMove: (stage: Stage) => void; draggable?: boolean }) {
  const { t, money } = useI18n();
  const name = leadName(lead, t.leads.unnamed);
  return (
    <li
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/lead-id", lead.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      data-lead-card={name}
      className={cx(
        "rounded-lg border border-line bg-surface p-3 shadow-xs hover:border-line-strong",
        draggable && "cursor-grab active:cursor-grabbing",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Link href={`/leads/${lead.id}`} className="min-w-0 truncate text-sm font-medium hover:text-accent touch:-my-2 touch:py-2">
          {name}
        </Link>
      </div>
      {lead.company && <p className="mt-0.5 truncate text-xs text-ink-muted">{lead.company}</p>}
      <div className="mt-2 flex items-center justify-between gap-2 text-xs text-ink-muted">
        <span className="truncate">{lead.assignedTo?.name ?? t.common.unassigned}</span>
        {lead.estimatedValue !== null && <span className="tabular-nums">{money(lead.estimatedValue)}</span>}
      </div>
      <label className="mt-2 block">
        <span className="sr-only">
          {t.pipeline.moveTo}: {name}
        </span>
        <select
          value={lead.stageId ?? ""}
          onChange={(event) => {
            const stage = stages.find((candidate) => candidate.id === event.target.value);
            if (stage) onMove(stage);
          }}
          aria-label={`${t.pipeline.moveTo}: ${name}`}
          className="w-full rounded-md border border-line bg-canvas px-2 py-1 text-xs text-ink-muted focus:border-accent focus:outline-none touch:min-h-11 touch:text-sm max-sm:text-base"
        >
          {lead.stageId === null && <option value="">—</option>}
          {stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
}

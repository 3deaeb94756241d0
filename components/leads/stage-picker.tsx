"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { ColorDot } from "../ui/badge";
import { cx } from "../ui/cx";
import { type Lead, type Stage } from "./lead-presentation";
import { BoardCard } from "./board-card";

/**
 * The pipeline on a phone: a row of stage chips (with their counts) and the
 * chosen stage's cards at full width. A card moves with its stage menu;
 * touch drag and drop is not offered, the menu is quicker with a thumb.
 */
export function StagePicker({ stages, leads, onMove }: { stages: Stage[]; leads: Lead[]; onMove: (lead: Lead, stage: Stage) => void }) {
  const { t, money } = useI18n();
  const firstWithLeads = stages.find((stage) => leads.some((lead) => lead.stageId === stage.id)) ?? stages[0];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = stages.find((stage) => stage.id === chosenId) ?? firstWithLeads;
  if (!chosen) return null;
  const cards = leads.filter((lead) => lead.stageId === chosen.id);
  const total = cards.reduce((sum, lead) => sum + (lead.estimatedValue ?? 0), 0);

  return (
    <div data-testid="stage-picker">
      <div role="group" aria-label={t.mobile.stage} className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-3 [scrollbar-width:none]">
        {stages.map((stage) => {
          const count = leads.filter((lead) => lead.stageId === stage.id).length;
          const selected = stage.id === chosen.id;
          return (
            <button
              key={stage.id}
              type="button"
              aria-pressed={selected}
              onClick={() => setChosenId(stage.id)}
              className={cx(
                "inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-medium",
                selected ? "border-ink bg-ink text-white" : "border-line-strong bg-surface text-ink",
              )}
            >
              <ColorDot color={stage.color} />
              {stage.name}
              <span className={cx("rounded-full px-1.5 text-xs tabular-nums", selected ? "bg-white/20" : "bg-canvas text-ink-muted")}>{count}</span>
            </button>
          );
        })}
      </div>
      <section aria-label={chosen.name} data-stage={chosen.name}>
        {total > 0 && <p className="mb-2 text-xs text-ink-muted tabular-nums">Σ {money(total)}</p>}
        <ol className="flex flex-col gap-2">
          {cards.length === 0 && (
            <li className="rounded-lg border border-dashed border-line-strong px-3 py-8 text-center text-sm text-ink-muted">{t.pipeline.emptyStage}</li>
          )}
          {cards.map((lead) => (
            <BoardCard key={lead.id} lead={lead} stages={stages} onMove={(target) => onMove(lead, target)} draggable={false} />
          ))}
        </ol>
      </section>
    </div>
  );
}

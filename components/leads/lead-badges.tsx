"use client";

import { ColorDot } from "../ui/badge";
import { type Stage } from "./lead-presentation";

export function StageLabel({ stageId, stageName, stages }: { stageId: string | null; stageName: string | null; stages: Stage[] }) {
  if (!stageId) return <span className="text-ink-subtle">—</span>;
  const stage = stages.find((candidate) => candidate.id === stageId);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-stage={stageId}>
      <ColorDot color={stage?.color ?? "#98a2b3"} />
      {stage ? stage.name : stageName}
    </span>
  );
}

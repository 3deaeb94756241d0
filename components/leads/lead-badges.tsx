"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { ColorDot } from "../ui/badge";
import { stageDisplayName, type Stage } from "./lead-presentation";

export function StageLabel({ stageId, stageName, stages }: { stageId: string | null; stageName: string | null; stages: Stage[] }) {
  const { locale } = useI18n();
  if (!stageId) return <span className="text-ink-subtle">—</span>;
  const stage = stages.find((candidate) => candidate.id === stageId);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <ColorDot color={stage?.color ?? "#98a2b3"} />
      {stage ? stageDisplayName(stage, locale) : stageName}
    </span>
  );
}

import { Badge, type BadgeTone } from "../ui/badge";

export interface Progress {
  total: number;
  pending: number;
  inProgress: number;
  sent: number;
  failed: number;
  skipped: number;
  called: number;
}

export const STATUS_TONE: Record<string, BadgeTone> = { draft: "neutral", running: "accent", paused: "warning", completed: "success" };

export function SequenceStatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge tone={STATUS_TONE[status] ?? "neutral"}>{label}</Badge>;
}

/** Contacts done: a call made (its outcome recorded), a dispatch that failed, or a lead skipped; a call handed out but not made is not done. */
export function doneOf(progress: Progress): number {
  return progress.called + progress.failed + progress.skipped;
}

/** A bar of contacts done out of all enrolled. */
export function ProgressBar({ progress, label }: { progress: Progress; label: string }) {
  const done = doneOf(progress);
  const percent = progress.total === 0 ? 0 : Math.round((done / progress.total) * 100);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="h-2 w-full overflow-hidden rounded-full bg-canvas" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs text-ink-muted tabular-nums">{label}</span>
    </div>
  );
}

import { Button } from "./button";

export function Pagination({
  offset,
  limit,
  total,
  onChange,
  labels,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  labels: { previous: string; next: string; showing: (from: number, to: number, total: number) => string };
}) {
  if (total === 0) return null;
  const from = offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <nav className="flex items-center justify-between gap-3 border-t border-line px-4 py-3" aria-label="Pagination">
      <p className="text-[13px] text-ink-muted">{labels.showing(from, to, total)}</p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          {labels.previous}
        </Button>
        <Button variant="secondary" size="sm" disabled={to >= total} onClick={() => onChange(offset + limit)}>
          {labels.next}
        </Button>
      </div>
    </nav>
  );
}

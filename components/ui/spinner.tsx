import { cx } from "./cx";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cx("inline-flex items-center gap-2 text-ink-muted", className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

/** A centred spinner for a region whose data is on its way. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex min-h-32 items-center justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

"use client";

import { useDictionary } from "~/lib/i18n/i18n-provider";
import { cx } from "./cx";

/** The × of a dialog or a sheet, named "Close" for screen readers. */
export function CloseButton({ onClick, className }: { onClick: () => void; className?: string }) {
  const t = useDictionary();
  return (
    <button type="button" onClick={onClick} className={cx("flex shrink-0 items-center justify-center rounded-md hover:bg-canvas hover:text-ink", className)} aria-label={t.common.close}>
      <svg viewBox="0 0 20 20" className="size-4 touch:size-5" fill="currentColor" aria-hidden="true">
        <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
}

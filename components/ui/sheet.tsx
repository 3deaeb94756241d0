"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useDictionary } from "~/lib/i18n/i18n-provider";
import { cx } from "./cx";

/**
 * A panel that slides in from an edge of the screen: the phone's menu (from
 * the left) and its filter and action sheets (from the bottom, within reach
 * of the thumb). Built on the native <dialog> like `Dialog`: focus moves in
 * and comes back, Escape and a tap on the backdrop close it, the page behind
 * is inert. Its content is mounted only while open, so nothing in it is
 * rendered twice beside the desktop layout.
 */
export function Sheet({
  open,
  onClose,
  title,
  side = "bottom",
  hideTitle = false,
  children,
  footer,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  side?: "left" | "bottom";
  /** Keep the title for screen readers only (the menu's content names itself). */
  hideTitle?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const t = useDictionary();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop lands on the <dialog> itself.
        if (event.target === ref.current) onClose();
      }}
      className={cx(
        "max-h-none max-w-none border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-ink/40",
        side === "left" &&
          "fixed inset-y-0 left-0 right-auto m-0 h-dvh w-[min(20rem,85vw)] border-r motion-safe:animate-[sheet-in-left_160ms_ease-out]",
        side === "bottom" &&
          "fixed inset-x-0 bottom-0 top-auto m-0 max-h-[85dvh] w-full rounded-t-2xl border-t motion-safe:animate-[sheet-in-bottom_180ms_ease-out]",
      )}
    >
      {open && (
        <div className={cx("flex flex-col", side === "left" ? "h-full" : "max-h-[85dvh]")}>
          <div className={cx("flex items-center justify-between gap-4 px-4", hideTitle ? "pt-2" : "border-b border-line py-2")}>
            <h2 id={titleId} className={hideTitle ? "sr-only" : "text-base font-semibold"}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mr-1 ml-auto flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink"
              aria-label={t.common.close}
            >
              <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
          {footer && (
            <div className="flex gap-2 border-t border-line bg-canvas/50 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] [&>*]:flex-1">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

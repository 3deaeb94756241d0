"use client";

import { useId, type ReactNode } from "react";
import { CloseButton } from "./close-button";
import { cx } from "./cx";
import { useNativeDialog } from "./use-native-dialog";

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
  const { ref, onCancel, onClick } = useNativeDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={onCancel}
      onClick={onClick}
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
            <CloseButton onClick={onClose} className="-mr-1 ml-auto size-11 rounded-lg text-ink-muted" />
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

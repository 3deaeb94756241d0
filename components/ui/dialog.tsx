"use client";

import { useId, type ReactNode } from "react";
import { CloseButton } from "./close-button";
import { cx } from "./cx";
import { useNativeDialog } from "./use-native-dialog";

/**
 * A modal built on the native <dialog>: focus is trapped and restored by the
 * browser, Escape closes it, and the page behind is inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
}) {
  const { ref, onCancel, onClick } = useNativeDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onClick}
      className={cx(
        "m-auto w-[calc(100%-1.5rem)] rounded-2xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-ink/40 backdrop:backdrop-blur-[1px]",
        size === "sm" && "max-w-md",
        size === "md" && "max-w-xl",
        size === "lg" && "max-w-3xl",
      )}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-line px-4 py-4 sm:px-6">
            <div>
              <h2 id={titleId} className="text-base font-semibold">
                {title}
              </h2>
              {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
            </div>
            <CloseButton onClick={onClose} className="-my-1 -mr-2 size-8 text-ink-subtle touch:-my-2.5 touch:size-11" />
          </div>
          <div className="overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line bg-canvas/50 px-4 py-3 sm:px-6">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

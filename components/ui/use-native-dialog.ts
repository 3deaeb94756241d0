"use client";

import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from "react";

/**
 * What `Dialog` and `Sheet` share: a native <dialog> opened as a modal while
 * `open` is true (focus trapped and restored, the page behind inert), and
 * closed through `onClose` by Escape or a click on the backdrop, which lands
 * on the <dialog> itself.
 */
export function useNativeDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
  };
}

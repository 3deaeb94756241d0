"use client";

import type { ReactNode } from "react";
import { useDictionary } from "~/lib/i18n/i18n-provider";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormError } from "./form-error";

/**
 * A dialog whose body is one form, with Cancel and submit in the footer.
 *
 * The footer sits outside the <form>, so the submit button reaches it through
 * `form={formId}`. The form is `noValidate`: the server's field errors are
 * shown next to their fields instead of the browser's bubbles.
 */
export function FormDialog({
  open,
  onClose,
  title,
  size,
  formId,
  submitLabel,
  pending,
  error,
  onSubmit,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: "sm" | "md" | "lg";
  formId: string;
  submitLabel: ReactNode;
  pending: boolean;
  /** The error that belongs to no field, if the last submit failed with one. */
  error: string | null;
  onSubmit: () => void;
  /** The form's own layout (a flex or grid with a gap); without one its children stack as blocks. */
  className?: string;
  children: ReactNode;
}) {
  const t = useDictionary();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.common.cancel}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {/* In a laid-out form the gap spaces the alert (and it spans every grid column); in a plain one it needs its own margin. */}
        {error && <FormError message={error} className={className ? "col-span-full" : "mb-4"} />}
        {children}
      </form>
    </Dialog>
  );
}

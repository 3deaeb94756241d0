import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

// 16 px text on phones: a smaller size makes iOS zoom the page on focus.
const CONTROL =
  "block rounded-lg border bg-surface px-3 text-sm max-sm:text-base text-ink shadow-xs placeholder:text-ink-subtle " +
  "focus:border-accent focus:outline-none focus:ring-3 focus:ring-accent/15 disabled:bg-canvas disabled:text-ink-muted";

function controlClasses(invalid: boolean, className?: string) {
  // Full width unless the caller sizes the control itself.
  const width = className && /(^|\s)(w-|min-w-|max-w-|flex-1)/.test(className) ? undefined : "w-full";
  return cx(CONTROL, width, invalid ? "border-danger focus:border-danger focus:ring-danger/15" : "border-line-strong", className);
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(
  function Input({ invalid = false, className, ...rest }, ref) {
    return <input ref={ref} className={controlClasses(invalid, cx("h-9 touch:h-11", className))} aria-invalid={invalid || undefined} {...rest} />;
  },
);

export function Textarea({ invalid = false, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return <textarea className={controlClasses(invalid, cx("py-2", className))} aria-invalid={invalid || undefined} {...rest} />;
}

export function Select({ invalid = false, className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }) {
  return (
    <select className={controlClasses(invalid, cx("h-9 touch:h-11 pr-8", className))} aria-invalid={invalid || undefined} {...rest}>
      {children}
    </select>
  );
}

export function Checkbox({ label, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    // Under a finger the whole label is the 44 px target, not the 16 px box.
    <label className={cx("inline-flex cursor-pointer items-center gap-2 text-sm text-ink touch:min-h-11", className)}>
      <input type="checkbox" className="size-4 shrink-0 rounded border-line-strong accent-accent touch:size-5" {...rest} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A labelled form control with its hint and its error underneath. The
 * control is rendered by `children(id, describedBy)` so label and messages
 * stay wired for screen readers.
 */
export function Field({
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: string;
  className?: string;
  children: (props: { id: string; "aria-describedby"?: string; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-[13px] font-medium text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-ink-subtle">({optional})</span>}
      </label>
      {children({ id, "aria-describedby": describedBy, invalid: Boolean(error) })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-danger" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

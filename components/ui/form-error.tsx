import { cx } from "./cx";

/**
 * A form's error that belongs to no single field (a conflict, a lost
 * connection). role="alert" so it is announced when a submit fails.
 */
export function FormError({ message, className }: { message: string; className?: string }) {
  return (
    <p role="alert" className={cx("rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger", className)}>
      {message}
    </p>
  );
}

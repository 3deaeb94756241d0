import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-line bg-canvas/60 text-xs font-medium uppercase tracking-wide text-ink-muted">
      {children}
    </thead>
  );
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cx("whitespace-nowrap px-4 py-2.5 font-medium", className)} {...rest} />;
}

export function TR({ children, className }: { children: ReactNode; className?: string }) {
  return <tr className={cx("border-b border-line last:border-0", className)}>{children}</tr>;
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx("px-4 py-3 align-middle text-ink", className)} {...rest} />;
}

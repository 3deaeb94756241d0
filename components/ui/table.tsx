import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/**
 * A data table. From `lg` (1024 px) up it is a table that scrolls sideways
 * instead of squeezing its columns; below, on phones and tablets (where a
 * table's last columns, often its actions, would sit past the edge with
 * nothing saying so), each row becomes a card: the
 * header row is hidden and every cell shows its column's name (`TD label`)
 * beside its value, so nothing runs off a phone's screen. The explicit ARIA
 * roles keep the table's meaning for screen readers when CSS turns its parts
 * into blocks.
 */
export function Table({ children, label }: { children: ReactNode; label?: string }) {
  return (
    // `relative` keeps absolutely positioned content (a column's sr-only label) inside the scrolling box; otherwise it
    // escapes it and widens the page.
    <div className="relative lg:overflow-x-auto">
      <table role="table" className="w-full border-collapse text-left text-sm max-lg:block max-lg:[&>tbody]:block" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup" className="border-b border-line bg-canvas/60 text-xs font-medium uppercase tracking-wide text-ink-muted max-lg:hidden">
      {children}
    </thead>
  );
}

/** The table's body; below `lg` its rows stack as cards. */
export function TBody({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <tbody role="rowgroup" className={cx("max-lg:block", className)}>
      {children}
    </tbody>
  );
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" role="columnheader" className={cx("whitespace-nowrap px-4 py-2.5 font-medium", className)} {...rest} />;
}

export function TR({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <tr role="row" className={cx("border-b border-line last:border-0 max-lg:flex max-lg:flex-col max-lg:gap-1.5 max-lg:px-4 max-lg:py-3.5", className)}>
      {children}
    </tr>
  );
}

/**
 * A cell. `label` (its column's name) is shown beside the value when the row
 * is a card (phones and tablets); the row's first cell usually has none, as the card's
 * title. `actions` puts the cell's buttons at the card's foot.
 */
export function TD({
  className,
  label,
  actions = false,
  children,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; actions?: boolean }) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cx(
        "px-4 py-3 align-middle text-ink max-lg:block max-lg:p-0 max-lg:text-left max-lg:whitespace-normal",
        label &&
          "max-lg:grid max-lg:grid-cols-[minmax(5.5rem,38%)_minmax(0,1fr)] max-lg:items-baseline max-lg:gap-3 max-lg:before:text-xs max-lg:before:font-medium max-lg:before:text-ink-muted max-lg:before:content-[attr(data-label)]",
        actions && "max-lg:empty:hidden max-lg:pt-1.5 max-lg:[&>*]:justify-start",
        className,
      )}
      {...rest}
    >
      {label ? <div className="min-w-0 break-words">{children}</div> : children}
    </td>
  );
}

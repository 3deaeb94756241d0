import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "ghost" | "danger" | "danger-ghost";
type Size = "sm" | "md" | "icon";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-accent text-white shadow-sm hover:bg-accent-hover disabled:bg-accent/60",
  secondary: "border border-line-strong bg-surface text-ink shadow-sm hover:bg-canvas disabled:text-ink-subtle",
  ghost: "text-ink-muted hover:bg-canvas hover:text-ink disabled:text-ink-subtle",
  danger: "bg-danger text-white shadow-sm hover:bg-danger-hover disabled:bg-danger/60",
  "danger-ghost": "text-danger hover:bg-danger-soft disabled:text-danger/50",
};

/** Dense under a mouse; 44 px tall on a phone or under a finger (`touch:`), so every button is a comfortable tap target. */
const SIZES: Record<Size, string> = {
  sm: "h-8 px-3 text-[13px] gap-1.5 touch:h-11 touch:px-4",
  md: "h-9 px-4 text-sm gap-2 touch:h-11",
  icon: "size-9 touch:size-11",
};

export function buttonClasses(variant: Variant = "primary", size: Size = "md", className?: string): string {
  return cx(
    "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-lg font-medium transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
}

export function Button({ variant = "primary", size = "md", loading = false, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner className="text-current" />}
      {children}
    </button>
  );
}

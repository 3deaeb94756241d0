import { initialsOf } from "./pool-presentation";

/** A member's avatar: their image, or their initials on a tinted disc. */
export function Avatar({ name, image, size = 28 }: { name: string; image: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (image) {
    return <img src={image} alt="" style={style} className="shrink-0 rounded-full object-cover ring-2 ring-surface" />;
  }
  return (
    <span
      aria-hidden
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft text-[11px] font-semibold text-accent ring-2 ring-surface"
    >
      {initialsOf(name)}
    </span>
  );
}

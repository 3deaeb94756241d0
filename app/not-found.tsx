import Link from "next/link";
import { LogoMark } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-canvas px-4 text-center">
      <LogoMark className="size-10" />
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="max-w-sm text-sm text-ink-muted">The address may be mistyped, or the page has moved.</p>
      <Link href="/" className={buttonClasses("secondary")}>
        Back to inmo
      </Link>
    </main>
  );
}

"use client";

import { useMutation } from "@tanstack/react-query";
import type { MemberRole } from "~/server/auth/roles";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { SignOutIcon } from "./icons";

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function UserMenu({ name, email, role }: { name: string; email: string; role: MemberRole }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  // Ends every session on the server (all devices), then this browser's cookie.
  const signOutEverywhere = useMutation(
    trpc.account.signOutEverywhere.mutationOptions({ onSettled: () => void signOut({ callbackUrl: "/login" }) }),
  );
  return (
    <div className="flex items-center gap-3">
      <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent" aria-hidden="true">
        {initialsOf(name)}
      </div>
      <div className="min-w-0 flex-1">
        <Link
          href="/profile"
          title={t.profile.open}
          className="block truncate text-sm font-medium hover:text-accent hover:underline touch:py-1"
          data-testid="current-user"
        >
          {name}
        </Link>
        <p className="truncate text-xs text-ink-muted" title={email}>
          {t.roles[role]}
        </p>
        <button
          type="button"
          onClick={() => signOutEverywhere.mutate({})}
          disabled={signOutEverywhere.isPending}
          // Wraps rather than truncates: the sidebar is narrow and the words are the whole point of the button.
          className="max-w-full text-left text-xs leading-snug text-ink-muted underline-offset-2 hover:text-ink hover:underline touch:min-h-11"
        >
          {t.nav.signOutEverywhere}
        </button>
      </div>
      <button
        type="button"
        onClick={() => void signOut({ callbackUrl: "/login" })}
        className="flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-canvas hover:text-ink touch:size-11"
        aria-label={t.nav.signOut}
        title={t.nav.signOut}
      >
        <SignOutIcon />
      </button>
    </div>
  );
}

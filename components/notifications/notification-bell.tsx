"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { BellIcon } from "../shell/icons";
import { cx } from "../ui/cx";

/**
 * The bell in the dashboard's header (the phone's top bar, the sidebar's top
 * from the tablet up): the unread count, and a panel with the newest notices,
 * each linking to its lead (opening one marks it read), and "Mark all read".
 * `placement` decides where the panel opens: under the phone's bar across the
 * screen, or beside the sidebar.
 */
export function NotificationBell({ placement }: { placement: "bar" | "sidebar" }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useQuery(trpc.notifications.list.queryOptions({}));
  const reload = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: reload }));
  const unread = list.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div ref={box} className={cx(placement === "sidebar" && "relative")}>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-label={unread > 0 ? t.notifications.bellWithCount(unread) : t.notifications.bell}
        className="relative flex size-11 items-center justify-center rounded-lg text-ink hover:bg-canvas md:size-9"
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            className="absolute right-0.5 top-0.5 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] font-semibold leading-5 text-white"
            data-testid="notification-count"
            aria-hidden="true"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t.notifications.title}
          className={cx(
            "z-50 flex max-h-[70vh] flex-col rounded-xl border border-line bg-surface shadow-lg",
            placement === "bar" ? "fixed inset-x-2 top-14" : "absolute left-0 top-11 w-80",
          )}
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
            <h2 className="text-sm font-semibold">{t.notifications.title}</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markRead.mutate({ all: true })}
                disabled={markRead.isPending}
                className="min-h-9 text-xs font-medium text-accent hover:underline touch:min-h-11"
              >
                {t.notifications.markAllRead}
              </button>
            )}
          </div>
          <ul className="min-h-0 flex-1 divide-y divide-line overflow-y-auto">
            {(list.data?.data ?? []).map((notice) => {
              const text = t.notifications.kind[notice.kind](notice.leadName ?? t.notifications.aLead, notice.subject);
              const unreadNotice = notice.readAt === null;
              return (
                <li key={notice.id}>
                  <Link
                    href={notice.leadId ? `/leads/${notice.leadId}` : "/home"}
                    onClick={() => {
                      setOpen(false);
                      if (unreadNotice) markRead.mutate({ ids: [notice.id] });
                    }}
                    className="flex gap-3 px-4 py-3 hover:bg-canvas"
                    data-testid="notification-item"
                  >
                    <span
                      className={cx("mt-1.5 size-2 shrink-0 rounded-full", unreadNotice ? "bg-accent" : "bg-transparent")}
                      aria-label={unreadNotice ? t.notifications.unread : undefined}
                    />
                    <span className="min-w-0">
                      <span className={cx("block break-words text-sm", unreadNotice ? "font-medium text-ink" : "text-ink-muted")}>{text}</span>
                      <span className="block text-xs text-ink-muted">{formatRelative(notice.createdAt, locale)}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
            {list.data && list.data.data.length === 0 && <li className="px-4 py-6 text-sm text-ink-muted">{t.notifications.empty}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTRPC } from "~/lib/trpc/react";

/**
 * Keeps the bell current without a reload: one Server-Sent Events stream per
 * dashboard tab (`/api/notifications/stream`); each new notice, each notice
 * read elsewhere, and each (re)connection, reloads the list. The browser reconnects on its own after
 * a restart or a lost network (the stream asks for 2 s).
 */
export function useLiveNotifications(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/notifications/stream");
    const reload = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
    source.addEventListener("notification", reload);
    // A notice read elsewhere (another tab, an offer someone else claimed) changes the count too.
    source.addEventListener("read", reload);
    source.addEventListener("ready", reload);
    return () => source.close();
  }, [queryClient, trpc]);
}

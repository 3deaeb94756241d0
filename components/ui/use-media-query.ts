"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a media query matches, following it as the window changes. The
 * server (and the first render in the browser) assumes the desktop layout;
 * components that switch whole layouts with this hide the desktop one with
 * CSS below the same breakpoint, so a phone never sees it flash.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` (640 px): a phone held upright. Matches the `max-sm:` variant. */
export function useIsPhone(): boolean {
  return useMediaQuery("(width < 40rem)");
}

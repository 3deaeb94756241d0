"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

/**
 * List filters live in the URL, so a filtered view can be shared, bookmarked
 * and restored with the back button. Changes build on the latest requested
 * query, not on the last rendered one: two quick changes (a stage, then an
 * assignee) both survive even before the router has caught up.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const pending = useRef<string | null>(null);
  const rendered = searchParams.toString();

  useEffect(() => {
    if (pending.current === rendered) pending.current = null;
  }, [rendered]);

  const values = Object.fromEntries(keys.map((key) => [key, searchParams.get(key) ?? ""])) as Record<K, string>;
  const setValues = useCallback(
    (changes: Partial<Record<K, string>>) => {
      const next = new URLSearchParams(pending.current ?? rendered);
      for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const query = next.toString();
      pending.current = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [pathname, router, rendered],
  );
  return [values, setValues] as const;
}

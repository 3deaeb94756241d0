"use client";

import { useEffect, useRef, useState } from "react";

/**
 * The text of a search box whose committed value lives elsewhere (the URL):
 * typing updates the box at once, and `commit` runs once the person pauses,
 * so the URL and the query follow the pause rather than every key.
 */
export function useDebouncedSearch(committed: string, commit: (text: string) => void, delayMs = 300) {
  const [search, setSearch] = useState(committed);
  // The latest `commit`, so a caller's inline function doesn't restart the pause on every render.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (search === committed) return;
    const timer = setTimeout(() => commitRef.current(search), delayMs);
    return () => clearTimeout(timer);
  }, [search, committed, delayMs]);
  return [search, setSearch] as const;
}

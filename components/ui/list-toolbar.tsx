"use client";

import type { ReactNode } from "react";
import { useDictionary } from "~/lib/i18n/i18n-provider";
import { Input } from "./input";

/**
 * The bar above a list: a search box that takes the free width, then the
 * list's own filters. The search box is labelled "Search" for screen readers;
 * the placeholder says what it searches.
 */
export function ListToolbar({
  search,
  onSearch,
  placeholder,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  children?: ReactNode;
}) {
  const t = useDictionary();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3">
      <Input
        type="search"
        aria-label={t.common.search}
        placeholder={placeholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="w-full min-w-56 flex-1 sm:w-auto"
      />
      {children}
    </div>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import { useDictionary } from "~/lib/i18n/i18n-provider";
import { FilterIcon } from "../shell/icons";
import { Button } from "./button";
import { FilterSheetContext } from "./filter-select";
import { Input } from "./input";
import { Sheet } from "./sheet";
import { useMediaQuery } from "./use-media-query";

/**
 * The bar above a list: a search box that takes the free width, then the
 * list's own filters (`FilterSelect`s). Below `lg` (phones, tablets) the
 * filters move into a sheet from the bottom, behind a "Filters (n)" button
 * beside the search box, where each one gets a visible label and the full
 * width. The search
 * box is labelled "Search" for screen readers; the placeholder says what it
 * searches.
 */
export function ListToolbar({
  search,
  onSearch,
  placeholder,
  filterCount = 0,
  onClearFilters,
  filtersOnPhone = "sheet",
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** How many filters are set (the search box aside), shown on the phone's Filters button. */
  filterCount?: number;
  /** Offered as "Clear filters" while a filter or the search is set. */
  onClearFilters?: () => void;
  /** "inline" keeps a list's one or two filters beside the search box on a phone instead of in a sheet. */
  filtersOnPhone?: "sheet" | "inline";
  children?: ReactNode;
}) {
  const t = useDictionary();
  // Below `lg` (a phone, a tablet, a narrow window) the filters would wrap into rows: they wait in the sheet.
  const collapsed = useMediaQuery("(width < 64rem)") && filtersOnPhone === "sheet";
  const [sheetOpen, setSheetOpen] = useState(false);
  const clearable = onClearFilters && (filterCount > 0 || search !== "");
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-3 sm:px-4">
      <Input
        type="search"
        aria-label={t.common.search}
        placeholder={placeholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        enterKeyHint="search"
        className="w-auto min-w-0 flex-1 lg:min-w-56"
      />
      {children && filtersOnPhone === "sheet" && (
        <Button variant="secondary" className="lg:hidden" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          <FilterIcon /> {t.mobile.filtersActive(filterCount)}
        </Button>
      )}
      {/* Rendered once: inline from `sm` up, in the sheet on a phone. */}
      <div className={filtersOnPhone === "sheet" ? "contents max-lg:hidden" : "contents"}>{!collapsed && children}</div>
      {clearable && (
        <Button variant="ghost" size="sm" className={filtersOnPhone === "sheet" ? "max-lg:hidden" : undefined} onClick={onClearFilters}>
          {t.mobile.clearFilters}
        </Button>
      )}
      <Sheet
        open={collapsed && sheetOpen}
        onClose={() => setSheetOpen(false)}
        title={t.mobile.filters}
        footer={
          <>
            {clearable && (
              <Button variant="secondary" onClick={onClearFilters}>
                {t.mobile.clearFilters}
              </Button>
            )}
            <Button onClick={() => setSheetOpen(false)}>{t.mobile.showResults}</Button>
          </>
        }
      >
        <FilterSheetContext value={true}>
          <div className="flex flex-col gap-4">{children}</div>
        </FilterSheetContext>
      </Sheet>
    </div>
  );
}

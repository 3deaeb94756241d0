"use client";

import { createContext, useContext, type SelectHTMLAttributes } from "react";
import { cx } from "./cx";
import { Field, Select } from "./input";

/** True inside the phone's filter sheet, where filters get visible labels and the full width. */
export const FilterSheetContext = createContext(false);

/**
 * One filter of a list toolbar: a compact select named for screen readers in
 * the bar, a labelled full-width field in the phone's filter sheet.
 */
export function FilterSelect({ label, className, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const inSheet = useContext(FilterSheetContext);
  if (inSheet) return <Field label={label}>{(props) => <Select {...props} {...rest} />}</Field>;
  return <Select aria-label={label} className={cx("w-auto", className)} {...rest} />;
}

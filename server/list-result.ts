/**
 * What a domain list function returns: one page of rows and how many match
 * the filters. The procedure shapes the wire page (`pageOf`) from it.
 */
export interface ListResult<T> {
  rows: T[];
  total: number;
}

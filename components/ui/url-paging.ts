/**
 * A list's page as it stands in the URL: 1-based, and left out on the first
 * page so the plain list keeps a clean address. Anything unreadable is page 1.
 */
export function offsetOfPageParam(param: string, pageSize: number): number {
  const page = Math.max(1, Number(param) || 1);
  return (page - 1) * pageSize;
}

export function pageParamOfOffset(offset: number, pageSize: number): string {
  return offset === 0 ? "" : String(offset / pageSize + 1);
}

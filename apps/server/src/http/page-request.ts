/**
 * What a list call asks for: the page, its size, the sort and the keyset cursor. The lowest piece of paging
 * (paging.ts, keyset.ts and bounded-count.ts all read it), so none of them imports another in a circle.
 */
export interface SortOrder {
  field: string;
  direction: 'ASC' | 'DESC';
  ignoreCase: boolean;
}

export interface PageRequest {
  page: number;
  size: number;
  sort?: string[] | undefined;
  /** The previous answer's `nextCursor` (keyset paging); a list that pages by number only refuses it. */
  cursor?: string | undefined;
}

/** The columns a list page sorts by. */
export type SortKey = 'call_time' | 'deadline' | 'dispatch_time';

/** One page of a list sorted by one key (sorted-page.ts, in-hand-page.ts). */
export type SortedPage = {
  sort: SortKey;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

import type { ReactNode } from 'react';
import type { AsyncState } from 'shared-ui/async';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';

/** A page of a list the server pages. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** A paged list: loading or failed with Retry, then its table and the pager under it. */
export function PagedList<Page extends ListPage<unknown>>({
  state,
  onRetry,
  onPage,
  children,
}: {
  state: AsyncState<Page>;
  onRetry(): void;
  onPage(page: number): void;
  children(page: Page): ReactNode;
}) {
  return (
    <>
      <LoadStatus state={state} onRetry={onRetry} />
      {state.state === 'done' && (
        <>
          {children(state.value)}
          <Pager page={state.value.page} pageSize={state.value.pageSize} total={state.value.total} onPage={onPage} />
        </>
      )}
    </>
  );
}

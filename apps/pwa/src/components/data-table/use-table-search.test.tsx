import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeTableState } from '@/lib/table-state.ts';
import { parseTableSearch } from '@/lib/table-state-search.ts';
import { tableSearchSchema } from '@/lib/table-search-schema.ts';
import type { ColumnDef } from './column-def.ts';
import { DataTable } from './data-table.tsx';
import { useTableSearch } from './use-table-search.ts';

interface Row {
  id: string;
  name: string;
}

const columns: ColumnDef<Row>[] = [{ id: 'name', field: 'name', header: 'Name', sorting: true }];
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: String(i), name: `Row ${i}` }));

async function renderList(url: string) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/list',
    validateSearch: tableSearchSchema.extend({ tab: z.string().optional() }),
    component: function List() {
      const { state, onStateChange } = useTableSearch(listRoute, { tableKey: 'list' });
      return <DataTable<Row> columns={columns} data={rows} total={95} state={state} onStateChange={onStateChange} tableKey="list" />;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  render(<RouterProvider router={router} />);
  await screen.findByTestId('data-table');
  return router;
}

const range = () => screen.getByTestId('data-table-range').textContent;

afterEach(() => sessionStorage.clear());

describe('useTableSearch (tab, filters, sort, page, size live in the URL)', () => {
  it('reads the state from the URL', async () => {
    await renderList('/list?page=3&size=20&sort=%5B%22name%2CDESC%2Cignorecase%22%5D');
    expect(range()).toBe('41-60 of 95');
    expect(screen.getByTestId('data-table-sort-name').getAttribute('data-sort')).toBe('desc');
  });

  it('writes changes to the URL and keeps the route’s other params', async () => {
    const router = await renderList('/list?tab=pending');
    await act(async () => {
      fireEvent.click(screen.getByTestId('data-table-next'));
    });
    expect(router.state.location.search).toEqual({ tab: 'pending', page: 2 });
    expect(range()).toBe('11-20 of 95');

    await act(async () => {
      fireEvent.click(screen.getByTestId('data-table-sort-name'));
    });
    expect(router.state.location.search).toEqual({ tab: 'pending', sort: ['name,ASC,ignorecase'] });
    expect(parseTableSearch(router.state.location.search)).toEqual({ sort: ['name,ASC,ignorecase'] });
  });

  it('restores the saved page config when the URL has none, until the user changes something', async () => {
    writeTableState(sessionStorage, 'list', {
      page: 4,
      pageSize: 10,
      total: 95,
      sort: [],
      filters: [],
      serverSidePagination: true,
    });
    const router = await renderList('/list?tab=pending');
    expect(range()).toBe('31-40 of 95');
    await act(async () => {});
    expect(router.state.location.search).toEqual({ tab: 'pending', page: 4 });
    expect(router.history.length).toBe(1);

    await act(async () => {
      fireEvent.click(screen.getByTestId('data-table-first'));
    });
    expect(router.state.location.search).toEqual({ tab: 'pending' });
    expect(range()).toBe('1-10 of 95');
  });

  it('ignores the saved page config when the URL has table params', async () => {
    writeTableState(sessionStorage, 'list', {
      page: 4,
      pageSize: 10,
      total: 95,
      sort: [],
      filters: [],
      serverSidePagination: true,
    });
    await renderList('/list?page=2');
    expect(range()).toBe('11-20 of 95');
  });
});

import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AsyncStatus, useAsync } from './async';
import { deferred } from './testing';

describe('useAsync', () => {
  it('loads again when its dependencies change, and drops the answer of a load overtaken by a newer one', async () => {
    const loads = [deferred<string>(), deferred<string>()];
    const load = vi.fn((size: number) => loads[size - 1]?.promise ?? Promise.reject(new Error('unexpected')));
    const { result, rerender } = renderHook(({ size }) => useAsync(() => load(size), [size]), {
      initialProps: { size: 1 },
    });
    expect(result.current[0]).toEqual({ state: 'loading' });
    rerender({ size: 2 });
    await act(async () => loads[1]?.resolve('for 2 m³'));
    expect(result.current[0]).toEqual({ state: 'done', value: 'for 2 m³' });
    // The first answer arrives late: it is not shown over the newer one.
    await act(async () => loads[0]?.resolve('for 1 m³'));
    expect(result.current[0]).toEqual({ state: 'done', value: 'for 2 m³' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a failure, and retry loads again', async () => {
    const failure = new Error('offline');
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce(['Trastero S']);
    const { result } = renderHook(() => useAsync(load, []));
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'error', error: failure }));
    act(() => result.current[1]());
    expect(result.current[0]).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current[0]).toEqual({ state: 'done', value: ['Trastero S'] }));
  });
});

describe('AsyncStatus', () => {
  const texts = { loading: 'Cargando…', failed: 'No se pudo cargar.', retryLabel: 'Reintentar' };

  it('is a status line while loading, an alert with Retry after a failure, nothing once done', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <AsyncStatus state={{ state: 'loading' }} onRetry={onRetry} classNames={{}} {...texts} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    rerender(<AsyncStatus state={{ state: 'error', error: null }} onRetry={onRetry} classNames={{}} {...texts} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo cargar.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<AsyncStatus state={{ state: 'done', value: 1 }} onRetry={onRetry} classNames={{}} {...texts} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

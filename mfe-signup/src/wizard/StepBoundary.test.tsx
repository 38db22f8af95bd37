import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The step's code as the network delivers it: first a failure (the connection dropped), then the step.
const network = vi.hoisted(() => ({ up: false, refetched: [] as string[] }));
vi.mock('./step-components', () => ({
  stepComponent: () =>
    function Documents() {
      if (!network.up) throw new Error('Loading chunk 184 failed');
      return <p>Sube tus documentos</p>;
    },
  fetchStepAgain: (step: string) => network.refetched.push(step),
}));

const { STEP_TITLE_ID, StepBoundary } = await import('./StepBoundary');
const { fetchStepAgain, stepComponent } =
  await vi.importActual<typeof import('./step-components')>('./step-components');

afterEach(() => {
  network.up = false;
  network.refetched.length = 0;
});

describe('a step whose code cannot be fetched', () => {
  it('says so within the step, and shows the step once a retry fetches it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <section>
        <h2 id={STEP_TITLE_ID} tabIndex={-1}>
          Documentos
        </h2>
        <StepBoundary
          step="documents"
          loading={<p>Cargando…</p>}
          failed="No se ha podido cargar este paso."
          retry="Reintentar"
        />
      </section>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No se ha podido cargar este paso.');
    network.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(network.refetched).toEqual(['documents']);
    expect(await screen.findByText('Sube tus documentos')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // The Retry button is gone: focus is on the step's title, not lost to the page's start.
    expect(screen.getByRole('heading', { name: 'Documentos' })).toHaveFocus();
  });

  it('is fetched afresh after a failure: React keeps a lazy component’s failure for good', () => {
    const before = stepComponent('documents');
    fetchStepAgain('documents');
    expect(stepComponent('documents')).not.toBe(before);
    // The first step is in the wizard's own code: nothing to fetch.
    const first = stepComponent('client-data');
    fetchStepAgain('client-data');
    expect(stepComponent('client-data')).toBe(first);
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every package's tests run at once on two cores: a remote's first render (its lazy chunks, the
// mocked answers) can take longer than Testing Library's default second there. A `findBy…` ends
// as soon as what it waits for is there, so a longer limit costs a fast machine nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// happy-dom has no window.confirm; the back-office asks before what cannot be undone, and its tests
// answer with `vi.spyOn(window, 'confirm')`, which needs a function to replace.
// (A file that runs on Node, `@vitest-environment node`, has no window.)
if (typeof window !== 'undefined' && typeof window.confirm !== 'function') window.confirm = () => false;

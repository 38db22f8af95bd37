import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'gateway', isolate: false, environment: 'node', testTimeout: 20_000 } });

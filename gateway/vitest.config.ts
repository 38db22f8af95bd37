import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'gateway', environment: 'node', testTimeout: 20_000 } });

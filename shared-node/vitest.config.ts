import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'shared-node', isolate: false, environment: 'node' } });

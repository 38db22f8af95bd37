import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'shared-api', isolate: false, environment: 'node' } });

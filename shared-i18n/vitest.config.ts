import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'shared-i18n', isolate: false, environment: 'node' } });

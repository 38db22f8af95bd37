export { readHealth } from './health';
export { createMetrics } from './metrics';

// The zod half of device.ts, in a chunk of its own.
export { readHandoff } from 'shared-api';
export { latestSessionRecord, readSessionRecord } from '../session/stored-drafts';

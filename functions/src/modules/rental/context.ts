import type { FunctionContext } from '../../context';

/** What moving a tenant in uses of the service (its own file: door access needs it without move-in.ts). */
export type MoveInContext = Pick<FunctionContext, 'mailer' | 'sms' | 'config' | 'log' | 'clock' | 'jobs'>;

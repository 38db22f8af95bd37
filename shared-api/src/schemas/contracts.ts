import * as z from 'zod/mini';
import { registrationId } from './common';

export const CONTRACT_STATUSES = ['awaiting_signatures', 'completed', 'declined', 'expired', 'archived'] as const;
export const SUBMITTER_STATUSES = ['completed', 'awaiting', 'declined', 'sent', 'opened'] as const;
export const SIGNER_ROLES = ['Cliente', 'Empresa'] as const;

export const contract = z.object({
  id: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
  expired_at: z.nullable(z.string()),
  registration_id: z.string(),
});
export type Contract = z.infer<typeof contract>;

export const submitter = z.object({
  id: z.string(),
  role: z.enum(SIGNER_ROLES),
  status: z.enum(SUBMITTER_STATUSES),
  email: z.string(),
});
export type Submitter = z.infer<typeof submitter>;

export const createClientRequest = z.object({ registrationId });
export const createClientResponse = z.object({
  success: z.boolean(),
  clientId: z.optional(z.string()),
  error: z.optional(z.string()),
});

/** The refusal of a second contract while one is live (spec §5); the review recognises it. */
export const CONTRACT_PENDING = 'There is already a pending contract for this registration';

export const createContractRequest = z.object({ registrationId });
export const createContractResponse = z.object({ success: z.boolean(), error: z.optional(z.string()) });

export const getContractStatusRequest = z.object({ registrationId });
export const getContractStatusResponse = z.object({ contract: z.nullable(contract), submitters: z.array(submitter) });

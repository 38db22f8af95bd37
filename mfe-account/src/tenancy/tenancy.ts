import type { AccountResponse } from 'shared-api/account';

/** One of the tenant's rentals, as the account's overview answers it. */
export type Tenancy = AccountResponse<'overview'>['tenancies'][number];

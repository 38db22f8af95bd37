import type { serviceDetails } from 'shared-api';
import type { z } from 'zod';

export type ServiceDetails = z.infer<typeof serviceDetails>;

import { randomInt } from 'node:crypto';
import type { Queryable } from '../platform/db';
import { sql } from '../platform/db/sql';

interface BillingRegistration {
  id: string;
  client_type: string;
  full_name: string;
  company_name: string | null;
  cif: string | null;
  document_type: string;
  document_number: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  iban: string;
}

/** The billing system's clients. The default keeps them in a local table; a real system plugs in here. */
export interface BillingClients {
  createClient(tx: Queryable, registration: BillingRegistration): Promise<string>;
}

export function localBilling(): BillingClients {
  return {
    async createClient(tx, r) {
      // Short, readable client numbers; the unique key decides on a clash.
      for (let attempt = 0; attempt < 10; attempt++) {
        const id = `CL-${String(randomInt(1_000_000)).padStart(6, '0')}`;
        const client: [string, unknown][] = [
          ['id', id],
          ['registration_id', r.id],
          ['client_type', r.client_type],
          ['full_name', r.full_name],
          ['company_name', r.company_name],
          ['cif', r.cif],
          ['document_type', r.document_type],
          ['document_number', r.document_number],
          ['email', r.email],
          ['phone', r.phone],
          ['address', r.address],
          ['city', r.city],
          ['postal_code', r.postal_code],
          ['iban', r.iban],
        ];
        const insert = sql`insert into clients (${sql.columns(client.map(([column]) => column))})
           values (${sql.values(client.map(([, value]) => value))})
           on conflict (id) do nothing returning id`;
        const { rows } = await tx.query<{ id: string }>(insert);
        if (rows[0]) return rows[0].id;
      }
      throw new Error('Could not draw a unique client number');
    },
  };
}

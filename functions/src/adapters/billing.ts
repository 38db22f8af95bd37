import { randomInt } from 'node:crypto';
import type { Queryable } from '../db';

export interface BillingRegistration {
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
        const { rows } = await tx.query<{ id: string }>(
          `insert into clients (id, registration_id, client_type, full_name, company_name, cif, document_type,
             document_number, email, phone, address, city, postal_code, iban)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
           on conflict (id) do nothing returning id`,
          [
            id,
            r.id,
            r.client_type,
            r.full_name,
            r.company_name,
            r.cif,
            r.document_type,
            r.document_number,
            r.email,
            r.phone,
            r.address,
            r.city,
            r.postal_code,
            r.iban,
          ],
        );
        if (rows[0]) return rows[0].id;
      }
      throw new Error('Could not draw a unique client number');
    },
  };
}

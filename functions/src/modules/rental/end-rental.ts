import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { madridDate } from '../../platform/madrid-time';
import { requireRegistration } from '../sign-up';
import { unitsFreed } from '../waitlist';
import type { MoveInContext } from './context';
import { rentalEndedEmail } from './messages';

export const RENTAL_NOT_ACTIVE = 'Este alquiler no está activo';

export interface EndedRental {
  registrationCode: string;
  /** The units free again, and their products (what the waitlist offers next). */
  units: { unitNumber: string; productId: number }[];
  /** The door user that was revoked, if the tenant had one. */
  revokedUsuario: string | null;
}

/**
 * A rental ends (a staff action): in one transaction its units are available again, the tenant's
 * door user is deleted with its sessions and sign-in links, the mandate is cancelled with the rent
 * not yet due, the staff member's action is audited, the tenant is told, and the waitlist is
 * offered the units.
 */
export async function endRental(
  tx: Queryable,
  ctx: Pick<MoveInContext, 'mailer' | 'jobs' | 'clock'>,
  registrationId: string,
  staff: { userId: string | null; usuario: string; ip: string | null },
  /** The last day let (today when staff end it now; the move-out day for a notice). */
  { lastDay }: { lastDay?: string } = {},
): Promise<EndedRental> {
  const registration = await requireRegistration(tx, registrationId, { forUpdate: true });
  // A move-in scheduled for a day to come ends the same way: its held units go back on sale, and
  // the deposit is returned as for any ended rental (nobody is left holding a unit with no way out).
  if (registration.move_in_status !== 'allocated' && registration.move_in_status !== 'scheduled') {
    throw new HttpError(409, RENTAL_NOT_ACTIVE);
  }
  const { rows: units } = await tx.query<{
    unit_number: string;
    product_id: number;
  }>(sql`update units set status = 'available', registration_id = null, offer_id = null, updated_at = now()
     where registration_id = ${registrationId}
       and (status = 'occupied' or (status = 'held' and ${registration.move_in_status} = 'scheduled'))
     returning unit_number, product_id`);
  await tx.query(
    sql`update registrations set move_in_status = 'ended', rental_ended_at = now(), move_out_on = null, updated_at = now()
       where id = ${registrationId}`,
  );
  const { rows: doorUsers } = await tx.query<{ usuario: string }>(
    sql`delete from door_users where registration_id = ${registrationId} returning usuario`,
  );
  // The periods not yet begun are not owed (the contract bills whole periods: the current one
  // stands), so they are never invoiced. One already in a remittance is cancelled too: should the
  // bank collect it all the same, the money is recorded as the tenant's, to refund.
  await tx.query(sql`update rent_periods set status = 'cancelled'
     where registration_id = ${registrationId} and status in ('scheduled', 'submitted')
       and period_start > ${lastDay ?? madridDate(ctx.clock.now())}::date`);
  await tx.query(sql`update sepa_mandates set status = 'cancelled', cancelled_at = now()
     where registration_id = ${registrationId} and status in ('signed', 'awaiting_signature')`);
  // A new mandate the tenant had yet to sign can no longer be.
  await tx.query(sql`update contracts set status = 'expired', expired_at = now()
     where registration_id = ${registrationId} and kind = 'mandate' and status = 'awaiting_signatures'`);
  const unitNumbers = units.map((unit) => unit.unit_number).sort();
  const revokedUsuario = doorUsers[0]?.usuario ?? null;
  await tx.query(
    sql`insert into door_audit (user_id, usuario, action, result, ip) values (${staff.userId}, ${staff.usuario}, ${`end_rental:${registration.registration_code}`}, ${`liberado ${unitNumbers.join(', ') || '—'}${revokedUsuario ? ` · acceso de ${revokedUsuario} revocado` : ''}`}, ${staff.ip})`,
  );
  await ctx.mailer.send(
    {
      to: registration.email,
      versions: [
        rentalEndedEmail(registration.language, {
          fullName: registration.full_name,
          registrationCode: registration.registration_code,
          units: unitNumbers.join(', '),
        }),
      ],
    },
    tx,
  );
  // The waitlist: the first in line for these products gets an offer.
  await unitsFreed(
    tx,
    ctx,
    units.map((unit) => unit.product_id),
  );
  return {
    registrationCode: registration.registration_code,
    units: units.map((unit) => ({ unitNumber: unit.unit_number, productId: unit.product_id })),
    revokedUsuario,
  };
}

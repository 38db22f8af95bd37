import { randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { sha256 } from '../../platform/security/secrets';

/** How many one-time recovery codes a second factor comes with. */
const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** `xxxx-xxxx`: 8 characters of 31, about 40 bits each, and a code is tried at the login's pace. */
const SHAPE = /^[a-z0-9]{4}-?[a-z0-9]{4}$/;

const normalised = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashOf = (staffId: string, code: string) => sha256(`recovery:${staffId}:${normalised(code)}`);

/** Whether what was typed in the code field looks like a recovery code rather than an app's six digits. */
const isRecoveryCode = (code: string) => SHAPE.test(code.trim().toLowerCase().replace(/\s/g, ''));

/** A new set for the member: the earlier unused ones stop working. Shown once; only hashes are kept. */
export async function issueRecoveryCodes(tx: Queryable, staffId: string): Promise<string[]> {
  await tx.query(sql`delete from staff_recovery_codes where staff_id = ${staffId}`);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  for (const code of codes) {
    await tx.query(
      sql`insert into staff_recovery_codes (staff_id, code_hash) values (${staffId}, ${hashOf(staffId, code)})`,
    );
  }
  return codes;
}

/** Spends one unused code of the member; false when it is not one (or was used). */
export async function spendRecoveryCode(tx: Queryable, staffId: string, code: string): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const { rows } = await tx.query(sql`update staff_recovery_codes set used_at = now()
     where staff_id = ${staffId} and code_hash = ${hashOf(staffId, code)} and used_at is null returning id`);
  return rows.length > 0;
}

export async function recoveryCodesLeft(q: Queryable, staffId: string): Promise<number> {
  const { rows } = await q.query<{ left: number }>(
    sql`select count(*)::int as left from staff_recovery_codes where staff_id = ${staffId} and used_at is null`,
  );
  return rows[0]?.left ?? 0;
}

/** The second factor is off: its codes go with it. */
export async function dropRecoveryCodes(tx: Queryable, staffId: string): Promise<void> {
  await tx.query(sql`delete from staff_recovery_codes where staff_id = ${staffId}`);
}

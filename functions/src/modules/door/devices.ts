import { FUNCTIONS_BASE_PATH } from 'shared-api';
import { sql } from '../../platform/db/sql';
import type { DeviceCookies } from '../../platform/security/device-cookies';

/**
 * The cookie of a browser that has signed in as a door user (platform/security/device-cookies.ts):
 * strangers' failures at that name do not lock its owner out there; it opens nothing. The session
 * itself stays a token the tool keeps; this cookie only ever goes to the door's function.
 */
const DOOR_DEVICE_COOKIE = 'door_device';
const DOOR_DEVICE_DAYS = 90;
/** A user's phones, tablets and computers: the least recently used goes when an 11th signs in. */
const DOOR_DEVICES_PER_USER = 10;
/** Wrong passwords from one device (since its last sign-in) that void it: a stolen cookie's guesses. */
const DOOR_DEVICE_MAX_FAILURES = 10;

export const DOOR_DEVICES: DeviceCookies = {
  cookie: DOOR_DEVICE_COOKIE,
  path: `${FUNCTIONS_BASE_PATH}/abridor`,
  table: 'door_devices',
  ownerColumn: 'user_id',
  owners: 'door_users',
  ownerMatches: (usuario) => sql`o.usuario = ${usuario}`,
  days: DOOR_DEVICE_DAYS,
  maxPerOwner: DOOR_DEVICES_PER_USER,
  maxFailures: DOOR_DEVICE_MAX_FAILURES,
};

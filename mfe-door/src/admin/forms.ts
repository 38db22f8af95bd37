/** A door user as the admin types it in (box empty = none). */
export interface UserForm {
  usuario: string;
  pin: string;
  contraseña: string;
  box: string;
}

export type UserField = keyof UserForm;

/** Spec §5: adding a user requires usuario, PIN and contraseña; box is optional. In form order. */
export function missingFields(form: UserForm): UserField[] {
  const missing: UserField[] = [];
  if (!form.usuario.trim()) missing.push('usuario');
  if (!form.pin) missing.push('pin');
  if (!form.contraseña) missing.push('contraseña');
  return missing;
}

/**
 * The row that takes the focus when `removed` leaves the list: the next one, else the previous
 * one (it was the last), else none (the list is empty).
 */
export function focusAfterRemoval(ids: readonly string[], removed: string): string | null {
  const at = ids.indexOf(removed);
  if (at === -1) return null;
  return ids[at + 1] ?? ids[at - 1] ?? null;
}

import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, type DoorAuditEntry, type DoorUser } from 'shared-api';
import { DOOR_PATHS } from 'shared-i18n';
import { toast } from 'shared-ui/toast';
import styles from '../Door.module.css';
import { useSession } from '../session/store';

const message = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : fallback;

interface UserForm {
  usuario: string;
  pin: string;
  contraseña: string;
  box: string;
}

/** The four fields of a door user, for adding (all required but box) and editing (blank = keep). */
function UserFields({
  form,
  onChange,
  editing,
}: {
  form: UserForm;
  onChange: (form: UserForm) => void;
  editing: boolean;
}) {
  return (
    <>
      <label>
        Usuario
        <input value={form.usuario} onChange={(e) => onChange({ ...form, usuario: e.target.value })} />
      </label>
      <label>
        {editing ? 'PIN nuevo (vacío: sin cambios)' : 'PIN'}
        <input
          inputMode="numeric"
          maxLength={4}
          value={form.pin}
          onChange={(e) => onChange({ ...form, pin: e.target.value.replace(/\D/g, '') })}
        />
      </label>
      <label>
        {editing ? 'Contraseña nueva (vacía: sin cambios)' : 'Contraseña'}
        <input
          type="password"
          value={form.contraseña}
          onChange={(e) => onChange({ ...form, contraseña: e.target.value })}
        />
      </label>
      <label>
        {editing ? 'Box' : 'Box (opcional)'}
        <input value={form.box} onChange={(e) => onChange({ ...form, box: e.target.value })} />
      </label>
    </>
  );
}

function UserRow({
  user,
  onChanged,
  onError,
}: {
  user: DoorUser;
  onChanged: () => void;
  onError: (text: string) => void;
}) {
  const token = useSession((s) => s.token) ?? '';
  const self = useSession((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<UserForm>({ usuario: user.usuario, pin: '', contraseña: '', box: user.box ?? '' });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.action('abridor', 'update_user', { token, userId: user.id, ...form });
      setEditing(false);
      onChanged();
    } catch (e) {
      onError(message(e, 'Error al actualizar usuario'));
    }
  };
  const remove = async () => {
    if (!window.confirm('¿Está seguro de eliminar este usuario?')) return;
    try {
      await api.action('abridor', 'delete_user', { token, userId: user.id });
      onChanged();
    } catch (e) {
      onError(message(e, 'Error al eliminar usuario'));
    }
  };
  const magic = async () => {
    let link: string;
    try {
      const answer = await api.action('abridor', 'generate_magic_token', { token, target_user: user.id });
      if (!answer.success || !answer.magic_token) throw new Error(answer.error);
      link = `${window.location.origin}${DOOR_PATHS.login}?token=${encodeURIComponent(answer.magic_token)}`;
    } catch {
      onError('No se pudo generar el enlace mágico');
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      onError('');
      toast({ title: 'Enlace mágico copiado', description: user.usuario, variant: 'success' });
    } catch {
      onError('No se pudo copiar el enlace');
    }
  };

  if (editing) {
    return (
      <li>
        <form className={styles.form} onSubmit={save} aria-label={`Editar ${user.usuario}`}>
          <UserFields form={form} onChange={setForm} editing />
          <div className={styles.row}>
            <button type="submit" className={styles.button}>
              Guardar
            </button>
            <button type="button" className={styles.secondary} onClick={() => setEditing(false)}>
              Cancelar
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li>
      <strong>{user.usuario}</strong>
      <span className={styles.muted}>{user.box ? `Box ${user.box}` : 'Sin box'}</span>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setEditing(true)}
          aria-label={`Editar ${user.usuario}`}
        >
          Editar
        </button>
        <button type="button" className={styles.secondary} onClick={magic} aria-label={`Magic ${user.usuario}`}>
          Magic
        </button>
        {!user.isAdmin && user.id !== self?.id && (
          <button type="button" className={styles.danger} onClick={remove} aria-label={`Eliminar ${user.usuario}`}>
            Eliminar
          </button>
        )}
      </div>
    </li>
  );
}

/** Entries of "Últimos accesos" per page. */
const AUDIT_PAGE = 20;

/** Gestionar Usuarios (admin only; the server refuses anyone else). */
export function AdminPanel() {
  const token = useSession((s) => s.token) ?? '';
  const self = useSession((s) => s.user);
  const [users, setUsers] = useState<DoorUser[]>([]);
  const [entries, setEntries] = useState<DoorAuditEntry[]>([]);
  const [moreEntries, setMoreEntries] = useState(false);
  const [error, setError] = useState('');
  const [form, setForm] = useState<UserForm>({ usuario: '', pin: '', contraseña: '', box: '' });

  const load = useCallback(async () => {
    try {
      const [list, audit] = await Promise.all([
        api.action('abridor', 'list_users', { token }),
        api.action('abridor', 'list_audit', { token, limit: AUDIT_PAGE }),
      ]);
      setUsers(list.users);
      setEntries(audit.entries);
      setMoreEntries(audit.hasMore);
    } catch (e) {
      setError(message(e, 'Error al cargar usuarios'));
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadOlder = async () => {
    const oldest = entries.at(-1);
    if (!oldest) return;
    try {
      const page = await api.action('abridor', 'list_audit', { token, limit: AUDIT_PAGE, before: oldest.id });
      setEntries((shown) => [...shown, ...page.entries]);
      setMoreEntries(page.hasMore);
    } catch (e) {
      setError(message(e, 'Error al cargar los accesos'));
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.usuario.trim() || !form.pin || !form.contraseña) {
      setError('Usuario, PIN y contraseña son obligatorios');
      return;
    }
    try {
      await api.action('abridor', 'add_user', { token, ...form, box: form.box || null });
      setForm({ usuario: '', pin: '', contraseña: '', box: '' });
      setError('');
      await load();
    } catch (e) {
      setError(message(e, 'Error al agregar usuario'));
    }
  };

  const copyAdminLink = async () => {
    if (!self) return;
    try {
      const answer = await api.action('abridor', 'generate_magic_token', { token, target_user: self.id });
      if (!answer.magic_token) throw new Error(answer.error);
      await navigator.clipboard.writeText(
        `${window.location.origin}${DOOR_PATHS.login}?token=${encodeURIComponent(answer.magic_token)}`,
      );
      toast({ title: 'Enlace mágico copiado', variant: 'success' });
    } catch {
      setError('No se pudo copiar el enlace');
    }
  };

  return (
    <section className={styles.form} aria-labelledby="admin-title">
      <h2 id="admin-title">Gestionar Usuarios</h2>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.secondary} onClick={copyAdminLink}>
        Copy Magic Link
      </button>
      <ul className={styles.list} aria-label="Usuarios">
        {users.map((user) => (
          <UserRow key={user.id} user={user} onChanged={load} onError={setError} />
        ))}
      </ul>
      <form className={styles.form} onSubmit={add} noValidate aria-labelledby="add-user-title">
        <h3 id="add-user-title">Añadir usuario</h3>
        <UserFields form={form} onChange={setForm} editing={false} />
        <button type="submit" className={styles.button}>
          Añadir
        </button>
      </form>
      <h3>Últimos accesos</h3>
      <ul className={styles.list} aria-label="Últimos accesos">
        {entries.map((entry) => (
          <li key={entry.id} className={styles.muted}>
            {new Date(entry.createdAt).toLocaleString('es-ES')} · {entry.usuario ?? '—'} · {entry.action} ·{' '}
            {entry.result}
            {entry.ip ? ` · ${entry.ip}` : ''}
          </li>
        ))}
      </ul>
      {moreEntries && (
        <button type="button" className={styles.button} onClick={() => void loadOlder()}>
          Ver accesos anteriores
        </button>
      )}
    </section>
  );
}

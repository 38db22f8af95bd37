import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api, type DoorAuditEntry, type ListedDoorUser } from 'shared-api';
import { DOOR_PATHS } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import styles from '../Door.module.css';
import { FormError } from '../FormError';
import { useSession } from '../session/store';
import { useDoorLanguageValue, useDoorT, useRefusalText } from '../texts';
import { focusAfterRemoval, missingFields, type UserField, type UserForm } from './forms';

const EMPTY_FORM: UserForm = { usuario: '', pin: '', contraseña: '', box: '' };

/** Puts the focus in a field of a form, by its name. */
function focusField(form: HTMLFormElement | null, field: UserField) {
  const input = form?.elements.namedItem(field);
  if (input instanceof HTMLInputElement) input.focus();
}

/** The four fields of a door user, for adding (all required but box) and editing (blank = keep). */
function UserFields({
  form,
  onChange,
  editing,
  invalid = [],
  errorId,
}: {
  form: UserForm;
  onChange: (form: UserForm) => void;
  editing: boolean;
  invalid?: readonly UserField[];
  errorId?: string;
}) {
  const t = useDoorT();
  /** One field: its label, its input as the form holds it, and whether it is one of the wrong ones. */
  const field = (
    name: keyof UserForm,
    label: string,
    input: { inputMode?: 'numeric'; maxLength?: number; type?: 'password' } = {},
    clean = (typed: string) => typed,
  ) => (
    <label>
      {label}
      <input
        className={controls.control}
        name={name}
        value={form[name]}
        onChange={(e) => onChange({ ...form, [name]: clean(e.target.value) })}
        {...input}
        {...(invalid.includes(name) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
    </label>
  );
  return (
    <>
      {field('usuario', t('admin.usuario'))}
      {field('pin', editing ? t('admin.newPin') : t('admin.pin'), { inputMode: 'numeric', maxLength: 4 }, (typed) =>
        typed.replace(/\D/g, ''),
      )}
      {field('contraseña', editing ? t('admin.newContraseña') : t('admin.contraseña'), { type: 'password' })}
      {field('box', editing ? t('admin.box') : t('admin.boxOptional'))}
    </>
  );
}

function UserRow({
  user,
  onChanged,
  onDeleted,
  editButton,
}: {
  user: ListedDoorUser;
  onChanged: (notice: string) => Promise<void>;
  /** The user is gone (deleted, or its rental ended); `notice` says so. */
  onDeleted: (user: ListedDoorUser, notice: string) => Promise<void>;
  /** The row's Editar button, for the panel to move the focus to. */
  editButton: (element: HTMLButtonElement | null) => void;
}) {
  const t = useDoorT();
  const refusalText = useRefusalText();
  const token = useSession((s) => s.token) ?? '';
  const self = useSession((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [form, setForm] = useState<UserForm>({ usuario: user.usuario, pin: '', contraseña: '', box: user.box ?? '' });
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement | null>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  const errorId = `edit-error-${user.id}`;

  // Into the form when it opens; back on Editar when it closes.
  useEffect(() => {
    if (editing) focusField(formRef.current, 'usuario');
    else if (returnFocus) editRef.current?.focus();
  }, [editing, returnFocus]);

  const close = () => {
    setError('');
    setReturnFocus(true);
    setEditing(false);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { user: saved } = await api.action('abridor', 'update_user', { token, userId: user.id, ...form });
      setForm((shown) => ({ ...shown, pin: '', contraseña: '' }));
      close();
      await onChanged(t('admin.updated', { usuario: saved.usuario }));
    } catch (e) {
      setError(refusalText(e, t('admin.updateFailed')));
    }
  };
  const remove = async () => {
    if (!window.confirm(t('admin.removeConfirm'))) return;
    try {
      await api.action('abridor', 'delete_user', { token, userId: user.id });
      await onDeleted(user, t('admin.deleted', { usuario: user.usuario }));
    } catch (e) {
      setError(refusalText(e, t('admin.removeFailed')));
    }
  };
  const endRental = async () => {
    const code = user.registrationCode ?? '';
    const names = { code, usuario: user.usuario, box: user.box ?? '—' };
    if (!window.confirm(t('admin.endRentalConfirm', names))) return;
    try {
      const { freedUnits } = await api.action('abridor', 'end_rental', { token, userId: user.id });
      await onDeleted(user, t('admin.rentalEnded', { ...names, units: freedUnits.join(', ') || '—' }));
    } catch (e) {
      setError(refusalText(e, t('admin.endRentalFailed')));
    }
  };
  const magic = async () => {
    let link: string;
    try {
      const answer = await api.action('abridor', 'generate_magic_token', { token, target_user: user.id });
      if (!answer.success || !answer.magic_token) throw new Error(answer.error);
      link = `${window.location.origin}${DOOR_PATHS.login}?token=${encodeURIComponent(answer.magic_token)}`;
    } catch {
      setError(t('admin.linkFailed'));
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setError('');
      toast({ title: t('admin.linkCopied'), description: user.usuario, variant: 'success' });
    } catch {
      setError(t('admin.copyFailed'));
    }
  };

  if (editing) {
    return (
      <li>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={save}
          aria-label={t('admin.editLabel', { usuario: user.usuario })}
          aria-describedby={error ? errorId : undefined}
        >
          <UserFields form={form} onChange={setForm} editing />
          <FormError id={errorId} text={error} />
          <div className={styles.row}>
            <button type="submit" className={controls.primary}>
              {t('admin.save')}
            </button>
            <button type="button" className={controls.secondary} onClick={close}>
              {t('admin.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li>
      <strong>{user.usuario}</strong>
      <span className={styles.muted}>
        {user.box ? t('home.box', { box: user.box }) : t('admin.noBox')}
        {user.registrationCode ? ` · ${t('admin.rental', { code: user.registrationCode })}` : ''}
      </span>
      <div className={styles.row}>
        <button
          ref={(element) => {
            editRef.current = element;
            editButton(element);
          }}
          type="button"
          className={controls.secondary}
          onClick={() => {
            setError('');
            setEditing(true);
          }}
          aria-label={t('admin.editLabel', { usuario: user.usuario })}
        >
          {t('admin.edit')}
        </button>
        <button
          type="button"
          className={controls.secondary}
          onClick={magic}
          aria-label={t('admin.magicLabel', { usuario: user.usuario })}
        >
          {t('admin.magic')}
        </button>
        {user.registrationCode && (
          <button
            type="button"
            className={controls.danger}
            onClick={endRental}
            aria-label={t('admin.endRentalLabel', { usuario: user.usuario })}
          >
            {t('admin.endRental')}
          </button>
        )}
        {!user.isAdmin && user.id !== self?.id && (
          <button
            type="button"
            className={controls.danger}
            onClick={remove}
            aria-label={t('admin.removeLabel', { usuario: user.usuario })}
          >
            {t('admin.remove')}
          </button>
        )}
      </div>
      <FormError id={`row-error-${user.id}`} text={error} />
    </li>
  );
}

/** Entries of "Últimos accesos" per page. */
const AUDIT_PAGE = 20;
const ADD_ERROR_ID = 'add-user-error';

/** Gestionar Usuarios (admin only; the server refuses anyone else). */
export function AdminPanel() {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const refusalText = useRefusalText();
  const token = useSession((s) => s.token) ?? '';
  const self = useSession((s) => s.user);
  const [users, setUsers] = useState<ListedDoorUser[]>([]);
  const [entries, setEntries] = useState<DoorAuditEntry[]>([]);
  const [moreEntries, setMoreEntries] = useState(false);
  const [error, setError] = useState('');
  const [auditError, setAuditError] = useState('');
  const [form, setForm] = useState<UserForm>(EMPTY_FORM);
  const [addError, setAddError] = useState('');
  const [invalid, setInvalid] = useState<readonly UserField[]>([]);
  const [added, setAdded] = useState('');
  const [listNotice, setListNotice] = useState('');
  const addForm = useRef<HTMLFormElement>(null);
  const usersHeading = useRef<HTMLHeadingElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  /** Where the focus goes once the list shows a deletion: a row's Editar, or (null) the list heading. */
  const [focusTarget, setFocusTarget] = useState<{ rowId: string | null } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language; a new language is no reason to load again
  const load = useCallback(async () => {
    try {
      const [list, audit] = await Promise.all([
        api.action('abridor', 'list_users', { token }),
        api.action('abridor', 'list_audit', { token, limit: AUDIT_PAGE }),
      ]);
      setUsers(list.users);
      setEntries(audit.entries);
      setMoreEntries(audit.hasMore);
      setError('');
    } catch (e) {
      setError(refusalText(e, t('admin.loadFailed')));
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (focusTarget === null) return;
    const row = focusTarget.rowId === null ? undefined : editButtons.current.get(focusTarget.rowId);
    if (row) row.focus();
    else usersHeading.current?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const loadOlder = async () => {
    const oldest = entries.at(-1);
    if (!oldest) return;
    try {
      const page = await api.action('abridor', 'list_audit', { token, limit: AUDIT_PAGE, before: oldest.id });
      setEntries((shown) => [...shown, ...page.entries]);
      setMoreEntries(page.hasMore);
      setAuditError('');
    } catch (e) {
      setAuditError(refusalText(e, t('admin.accessesFailed')));
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdded('');
    const missing = missingFields(form);
    setInvalid(missing);
    const [first] = missing;
    if (first) {
      setAddError(t('admin.required'));
      focusField(addForm.current, first);
      return;
    }
    try {
      const { user } = await api.action('abridor', 'add_user', { token, ...form, box: form.box || null });
      setForm(EMPTY_FORM);
      setAddError('');
      setAdded(t('admin.added', { usuario: user.usuario }));
      // Ready for the next one.
      focusField(addForm.current, 'usuario');
      await load();
    } catch (e) {
      setAddError(refusalText(e, t('admin.addFailed')));
    }
  };

  const changed = async (notice: string) => {
    setListNotice(notice);
    await load();
  };
  const deleted = async (user: ListedDoorUser, notice: string) => {
    setListNotice(notice);
    const rowId = focusAfterRemoval(
      users.map((u) => u.id),
      user.id,
    );
    setUsers((shown) => shown.filter((u) => u.id !== user.id));
    setFocusTarget({ rowId });
    await load();
  };

  const copyAdminLink = async () => {
    if (!self) return;
    try {
      const answer = await api.action('abridor', 'generate_magic_token', { token, target_user: self.id });
      if (!answer.magic_token) throw new Error(answer.error);
      await navigator.clipboard.writeText(
        `${window.location.origin}${DOOR_PATHS.login}?token=${encodeURIComponent(answer.magic_token)}`,
      );
      setError('');
      toast({ title: t('admin.linkCopied'), variant: 'success' });
    } catch {
      setError(t('admin.copyFailed'));
    }
  };

  return (
    <section className={styles.form} aria-labelledby="admin-title">
      <h2 id="admin-title">{t('admin.heading')}</h2>
      <button type="button" className={controls.secondary} onClick={copyAdminLink}>
        {t('admin.copyLink')}
      </button>
      <FormError id="admin-error" text={error} />
      <h3 id="users-title" ref={usersHeading} tabIndex={-1}>
        {t('admin.users')}
      </h3>
      <p role="status" className={styles.muted}>
        {listNotice}
      </p>
      <ul className={styles.list} aria-labelledby="users-title">
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            onChanged={changed}
            onDeleted={deleted}
            editButton={(element) => {
              if (element) editButtons.current.set(user.id, element);
              else editButtons.current.delete(user.id);
            }}
          />
        ))}
      </ul>
      <form
        ref={addForm}
        className={styles.form}
        onSubmit={add}
        noValidate
        aria-labelledby="add-user-title"
        aria-describedby={addError ? ADD_ERROR_ID : undefined}
      >
        <h3 id="add-user-title">{t('admin.add')}</h3>
        <UserFields form={form} onChange={setForm} editing={false} invalid={invalid} errorId={ADD_ERROR_ID} />
        <FormError id={ADD_ERROR_ID} text={addError} />
        <button type="submit" className={controls.primary}>
          {t('admin.addSubmit')}
        </button>
        <p role="status" className={styles.muted}>
          {added}
        </p>
      </form>
      <h3>{t('admin.accesses')}</h3>
      <ul className={styles.list} aria-label={t('admin.accesses')}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.muted}>
            {new Date(entry.createdAt).toLocaleString(language === 'es' ? 'es-ES' : 'en-GB')} · {entry.usuario ?? '—'} ·{' '}
            {entry.action} · {entry.result}
            {entry.ip ? ` · ${entry.ip}` : ''}
          </li>
        ))}
      </ul>
      {moreEntries && (
        <button type="button" className={controls.primary} onClick={() => void loadOlder()}>
          {t('admin.olderAccesses')}
        </button>
      )}
      <FormError id="audit-error" text={auditError} />
    </section>
  );
}

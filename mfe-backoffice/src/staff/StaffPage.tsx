import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from 'shared-api';
import { STAFF_RESET_MINUTES, STAFF_ROLES, type StaffMember, type StaffRole } from 'shared-api/backoffice';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { NoticeArea, useNotice } from '../notice';
import { useStaffSession } from '../session/store';
import { DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function AddStaffForm({
  onAdded,
  announce,
}: {
  onAdded(member: StaffMember): void;
  announce: ReturnType<typeof useNotice>[1];
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [form, setForm] = useState({ name: '', email: '', role: 'staff' as StaffRole });
  const [errors, setErrors] = useState<Partial<Record<'name' | 'email', string>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(form.name.trim() ? {} : { name: t('staff.nameRequired') }),
      ...(EMAIL.test(form.email.trim()) ? {} : { email: t('staff.emailInvalid') }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // The member chooses their own password from the invitation, in the language of this page.
      const { staff } = await api.backoffice('add_staff', {
        ...form,
        name: form.name.trim(),
        email: form.email.trim(),
        language,
      });
      announce({ tone: 'ok', text: t('staff.added', { name: staff.name, email: staff.email }) });
      setForm({ name: '', email: '', role: 'staff' });
      onAdded(staff);
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'name' | 'email', label: string, type = 'text', autoComplete = 'off') => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className={controls.control}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('staff.add')}</h2>
      <div className={styles.formGrid}>
        {field('name', t('staff.name'))}
        {field('email', t('staff.email'), 'email')}
        <div className={styles.field}>
          <label htmlFor={`${id}-role`}>{t('staff.role')}</label>
          <select
            id={`${id}-role`}
            className={controls.control}
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={styles.muted}>{t('staff.addHint')}</p>
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('staff.addSubmit')}
        </button>
      </div>
    </form>
  );
}

/** The team: who has access, with which role; a manager adds, promotes, demotes and disables. */
export function StaffPage() {
  const t = useBackofficeT();
  const me = useStaffSession((s) => s.staff);
  const language = useLanguage();
  const [notice, announce] = useNotice();
  const [state, retry] = useAsync(() => api.backoffice('list_staff', {}), []);
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (state.state === 'done') setStaff(state.value.staff);
  }, [state]);

  const change = async (member: StaffMember, patch: { role?: StaffRole; disabled?: boolean }) => {
    if (busy) return;
    // What changes who can do what is confirmed first: a wrong click here locks someone out.
    const question =
      patch.disabled === true
        ? t('staff.confirmDisable', { name: member.name })
        : patch.role === 'manager'
          ? t('staff.confirmManager', { name: member.name })
          : patch.role === 'staff'
            ? t('staff.confirmStaff', { name: member.name })
            : null;
    if (question && !window.confirm(question)) return;
    setBusy(member.id);
    try {
      const { staff: updated } = await api.backoffice('update_staff', { staffId: member.id, ...patch });
      setStaff((list) => list?.map((m) => (m.id === updated.id ? updated : m)) ?? null);
      announce({ tone: 'ok', text: t('staff.updated', { name: updated.name }) });
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  /** A forgotten password (a link e-mailed to the member) or a lost phone (the second factor off). */
  const recover = async (member: StaffMember, what: 'password' | 'factor') => {
    if (busy) return;
    if (what === 'factor' && !window.confirm(t('staff.confirmResetFactor', { name: member.name }))) return;
    setBusy(member.id);
    try {
      if (what === 'password') {
        await api.backoffice('send_password_reset', { staffId: member.id, language });
        announce({ tone: 'ok', text: t('staff.resetSent', { email: member.email, minutes: STAFF_RESET_MINUTES }) });
      } else {
        const { staff: updated } = await api.backoffice('reset_second_factor', {
          staffId: member.id,
          confirm: true,
          language,
        });
        setStaff((list) => list?.map((m) => (m.id === updated.id ? updated : m)) ?? null);
        announce({ tone: 'ok', text: t('staff.factorReset', { name: updated.name }) });
      }
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const memberActions = (member: StaffMember) => {
    const roleAction = member.role === 'manager' ? t('staff.makeStaff') : t('staff.makeManager');
    const stateAction = member.disabled ? t('staff.enable') : t('staff.disable');
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.secondary} ${controls.compact}`}
          disabled={busy !== null}
          aria-label={t('staff.actionLabel', { action: roleAction, name: member.name })}
          onClick={() => void change(member, { role: member.role === 'manager' ? 'staff' : 'manager' })}
        >
          {roleAction}
        </button>
        <button
          type="button"
          className={`${member.disabled ? controls.secondary : controls.danger} ${controls.compact}`}
          disabled={busy !== null}
          aria-label={t('staff.actionLabel', { action: stateAction, name: member.name })}
          onClick={() => void change(member, { disabled: !member.disabled })}
        >
          {stateAction}
        </button>
        {!member.disabled && (
          <button
            type="button"
            className={`${controls.secondary} ${controls.compact}`}
            disabled={busy !== null}
            aria-label={t('staff.actionLabel', { action: t('staff.sendReset'), name: member.name })}
            onClick={() => void recover(member, 'password')}
          >
            {t('staff.sendReset')}
          </button>
        )}
        {member.totpEnabled && member.id !== me?.id && (
          <button
            type="button"
            className={`${controls.danger} ${controls.compact}`}
            disabled={busy !== null}
            aria-label={t('staff.actionLabel', { action: t('staff.resetFactor'), name: member.name })}
            onClick={() => void recover(member, 'factor')}
          >
            {t('staff.resetFactor')}
          </button>
        )}
      </div>
    );
  };

  return (
    <>
      <h1>{t('staff.heading')}</h1>
      <NoticeArea notice={notice} />
      <LoadStatus state={state} onRetry={retry} />
      {staff && (
        <DataTable
          label={t('staff.heading')}
          rows={staff}
          rowKey={(member) => member.id}
          columns={[
            {
              id: 'name',
              header: t('staff.name'),
              rowHeader: true,
              cell: (member) => (
                <>
                  {member.name} {member.id === me?.id && <span className={styles.muted}>{t('staff.you')}</span>}
                  <br />
                  <span className={styles.muted}>{member.email}</span>
                </>
              ),
            },
            { id: 'role', header: t('staff.role'), cell: (member) => t(`roles.${member.role}`) },
            {
              id: 'state',
              header: t('staff.state'),
              cell: (member) => (member.disabled ? t('staff.disabled') : t('staff.active')),
            },
            {
              id: 'totp',
              header: t('staff.totp'),
              cell: (member) => (member.totpEnabled ? t('staff.totpOn') : t('staff.totpOff')),
            },
            { id: 'actions', header: t('staff.role'), headerHidden: true, cell: (member) => memberActions(member) },
          ]}
        />
      )}
      <AddStaffForm announce={announce} onAdded={(member) => setStaff((list) => [...(list ?? []), member])} />
    </>
  );
}

import { type FormEvent, useRef, useState } from 'react';
import {
  ApiError,
  api,
  CLIENT_FIELD_MAX_LENGTH,
  type ClientDataError,
  type ClientDataField,
  cifWarning,
  normaliseClientInput,
  UPDATABLE_FIELDS,
  validateClientData,
  validateClientField,
} from 'shared-api';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import { clientDataOf } from '../session/draft';
import { isLocked } from '../session/server';
import { useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import styles from '../wizard/Wizard.module.css';

type TextField = Exclude<ClientDataField, 'clientType' | 'documentType'>;

const INPUTS: Record<TextField, { type: string; autoComplete: string; inputMode?: 'email' | 'tel' | 'numeric' }> = {
  fullName: { type: 'text', autoComplete: 'name' },
  companyName: { type: 'text', autoComplete: 'organization' },
  cif: { type: 'text', autoComplete: 'off' },
  documentNumber: { type: 'text', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  city: { type: 'text', autoComplete: 'address-level2' },
  postalCode: { type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
  iban: { type: 'text', autoComplete: 'off' },
};

/** The wire name (snake_case) of each field for `update_field`. */
const WIRE_NAME = Object.fromEntries(
  UPDATABLE_FIELDS.map((wire) => [wire.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), wire]),
) as Record<ClientDataField, (typeof UPDATABLE_FIELDS)[number]>;

/** Step 1: who the applicant is. Errors appear as each field is left and all at once on Next. */
export function ClientDataStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const draft = useDraft((s) => s.draft);
  const update = useDraft((s) => s.update);
  const [errors, setErrors] = useState<Partial<Record<ClientDataField, ClientDataError>>>({});
  const [submitting, setSubmitting] = useState(false);
  // The summary answers a Next; shown on blur it pushed Next away between mouse-down and mouse-up.
  const [summarised, setSummarised] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const pressingNext = useRef(false);
  // What the server already has: the draft as this step opened.
  const sent = useRef<Partial<Record<ClientDataField, string>>>(clientDataOf(draft));
  const data = clientDataOf(draft);
  const locked = draft.globalStatus === 'completed';

  const setField = (field: ClientDataField, raw: string) => {
    const value = normaliseClientInput(field, raw);
    update({ [field]: value });
    if (errors[field]) {
      const error = validateClientField(field, { ...data, [field]: value });
      setErrors((current) => ({ ...current, [field]: error ?? undefined }));
    }
  };

  /** Sends one valid, changed field to the server when the registration exists. */
  const sendField = async (field: ClientDataField, value: string) => {
    const registrationId = useDraft.getState().draft.registrationId;
    if (!registrationId || sent.current[field] === value) return;
    sent.current[field] = value;
    try {
      await api.action('registration-handler', 'update_field', { registrationId, field: WIRE_NAME[field], value });
    } catch (error) {
      delete sent.current[field];
      if (error instanceof ApiError && error.code === 'phone_not_mobile') {
        // The shape was right; the number is no mobile we may text: said at the field.
        setErrors((current) => ({ ...current, phone: 'phoneNotMobile' }));
      } else if (isLocked(error))
        toast({ title: t('toasts.lockedTitle'), description: t('toasts.locked'), variant: 'destructive' });
      else toast({ title: t('toasts.errorTitle'), description: t('toasts.saveFailed'), variant: 'destructive' });
    }
  };

  /** A verified e-mail or phone that changes must be verified again (spec §4). */
  const noticeContactChange = (field: 'email' | 'phone', value: string) => {
    const current = useDraft.getState().draft;
    const previous = field === 'email' ? current.previousEmail : current.previousPhone;
    const changed = field === 'email' ? previous.toLowerCase() !== value.trim().toLowerCase() : previous !== value;
    if (!previous || !changed) return;
    if (field === 'email' && current.emailVerified) {
      update({
        emailVerified: false,
        previousEmail: value.trim(),
        completedSections: { ...current.completedSections, verification: current.phoneVerified },
      });
      toast({ title: t('toasts.emailChangedTitle'), description: t('toasts.emailChanged') });
    } else if (field === 'phone' && current.phoneVerified) {
      update({
        phoneVerified: false,
        previousPhone: value,
        completedSections: { ...current.completedSections, verification: current.emailVerified },
      });
      toast({ title: t('toasts.phoneChangedTitle'), description: t('toasts.phoneChanged') });
    }
  };

  const leaveField = (field: ClientDataField, to: EventTarget | null) => {
    const now = clientDataOf(useDraft.getState().draft);
    const error = validateClientField(field, now);
    // Leaving for Next (focus or a press on it): Next validates everything, nothing may move first.
    if (error && (to === nextRef.current || pressingNext.current)) return;
    setErrors((current) => ({ ...current, [field]: error ?? undefined }));
    if (error) return;
    const value = field === 'email' ? now.email.trim() : now[field];
    if (field === 'email' || field === 'phone') noticeContactChange(field, value);
    void sendField(field, value);
  };

  const choose = (field: 'clientType' | 'documentType', value: string) => {
    update({ [field]: value });
    void sendField(field, value);
    if (field === 'documentType' && draft.documentNumber) {
      const error = validateClientField('documentNumber', { ...data, documentType: value as 'dni' | 'nie' });
      setErrors((current) => ({ ...current, documentNumber: error ?? undefined }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const all = validateClientData(data);
    setErrors(all);
    setSummarised(true);
    const first = Object.keys(all)[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const current = useDraft.getState().draft;
    await wizard.complete('client-data', {
      ...current,
      previousEmail: current.previousEmail || current.email.trim(),
      previousPhone: current.previousPhone || current.phone,
    });
    setSubmitting(false);
  };

  const errorCount = Object.values(errors).filter(Boolean).length;

  const textField = (field: TextField, options: { required?: boolean; hint?: string; wide?: boolean } = {}) => {
    const input = INPUTS[field];
    const error = errors[field];
    const describedBy = [error ? `signup-${field}-error` : '', options.hint ? `signup-${field}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`${styles.field} ${options.wide ? styles.wide : ''}`}>
        <label htmlFor={`signup-${field}`}>
          {t(`client.${field}`)}
          {options.required !== false && ' *'}
        </label>
        <input
          className={controls.control}
          id={`signup-${field}`}
          name={field}
          type={input.type}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          maxLength={CLIENT_FIELD_MAX_LENGTH[field]}
          value={data[field]}
          onChange={(e) => setField(field, e.target.value)}
          onBlur={(e) => leaveField(field, e.relatedTarget)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-required={options.required !== false}
          disabled={locked}
        />
        {options.hint && (
          <p id={`signup-${field}-hint`} className={styles.hint}>
            {options.hint}
          </p>
        )}
        {error && (
          <p id={`signup-${field}-error`} className={styles.error}>
            {t(`errors.${error}`)}
          </p>
        )}
        {field === 'cif' && !error && cifWarning(data) && (
          <p className={styles.warning} role="status">
            {t('client.cifWarning')}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-describedby="signup-client-intro">
      <p id="signup-client-intro" className={styles.hint}>
        {t('client.intro')}
      </p>
      {draft.serviceDetails?.productName && !draft.registrationId && (
        <p className={styles.notice}>{t('common.preselected', { name: draft.serviceDetails.productName })}</p>
      )}
      {summarised && errorCount > 0 && (
        <div className={styles.alert} role="alert">
          <strong>{t('client.errorsTitle')}</strong> {t('client.errorsSummary', { count: errorCount })}
        </div>
      )}
      <div className={styles.form}>
        <div className={`${styles.field} ${styles.wide}`}>
          <fieldset>
            <legend>{t('client.clientType')}</legend>
            <div className={styles.choices}>
              {(['individual', 'company'] as const).map((type) => (
                <label key={type} className={styles.choice}>
                  <input
                    type="radio"
                    name="clientType"
                    value={type}
                    checked={draft.clientType === type}
                    onChange={() => choose('clientType', type)}
                    disabled={locked}
                  />
                  {t(`client.${type}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {textField('fullName', { wide: draft.clientType !== 'company' })}
        {draft.clientType === 'company' && textField('companyName')}
        {draft.clientType === 'company' && textField('cif')}
        <div className={styles.field}>
          <label htmlFor="signup-documentType">{t('client.documentType')} *</label>
          <select
            className={controls.control}
            id="signup-documentType"
            name="documentType"
            value={draft.documentType}
            onChange={(e) => choose('documentType', e.target.value)}
            disabled={locked}
          >
            <option value="dni">{t('client.dni')}</option>
            <option value="nie">{t('client.nie')}</option>
          </select>
        </div>
        {textField('documentNumber')}
        {textField('email')}
        {textField('phone', { hint: t('client.phoneHint') })}
        {textField('address', { wide: true })}
        {textField('city')}
        {textField('postalCode')}
        {textField('iban', { hint: t('client.ibanHint'), wide: true })}
      </div>
      <div className={styles.actions}>
        <button
          ref={nextRef}
          type="submit"
          className={controls.primary}
          disabled={submitting || locked}
          aria-busy={submitting}
          onPointerDown={() => {
            pressingNext.current = true;
            // Released (or not) within this press: blur checks apply again afterwards.
            window.addEventListener('pointerup', () => setTimeout(() => (pressingNext.current = false)), {
              once: true,
            });
          }}
        >
          {submitting ? t('common.saving') : t('common.next')}
        </button>
      </div>
    </form>
  );
}

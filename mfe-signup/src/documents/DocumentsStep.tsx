import { useEffect, useState } from 'react';
import { ApiError, api, type UploadType } from 'shared-api';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import { documentsFromServer } from '../session/draft-from-server';
import { useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import { StepActions } from '../wizard/StepActions';
import styles from '../wizard/Wizard.module.css';
import documentStyles from './Documents.module.css';
import {
  ACCEPT_ATTRIBUTE,
  allPresent,
  formatMegabytes,
  hasAcceptedExtension,
  MAX_DOCUMENT_BYTES,
  UPLOADS,
} from './files';

/** Documents move on by themselves half a second after all three are in (spec §4). */
const AUTO_ADVANCE_MS = 500;

/** Step 3: front and back of the ID and a bank document, stored privately on the server. */
export function DocumentsStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const draft = useDraft((s) => s.draft);
  const [chosen, setChosen] = useState<Partial<Record<UploadType, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<UploadType, string>>>({});
  const [uploading, setUploading] = useState(false);
  const uploaded = draft.documents;
  const complete = allPresent(uploaded);
  // A rejection stands until its slot has a new upload.
  const review = useRejectedDocuments(draft.registrationId);
  const rejected = Object.fromEntries(
    UPLOADS.filter((type) => review[type] !== undefined && !uploaded[type]).map((type) => [type, review[type]]),
  ) as Partial<Record<UploadType, string>>;

  useEffect(() => {
    if (!complete || draft.completedSections.documents) return;
    const timer = setTimeout(() => void wizard.complete('documents'), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [complete, draft.completedSections.documents, wizard]);

  const choose = (type: UploadType, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    // The app decides what was chosen: a refused file must not linger in the control either.
    const refuse = () => {
      input.value = '';
    };
    if (!hasAcceptedExtension(file.name)) {
      refuse();
      setErrors((e) => ({ ...e, [type]: t('documents.invalidFormat') }));
      setChosen((c) => ({ ...c, [type]: undefined }));
      toast({
        title: t('documents.invalidFormatTitle'),
        description: t('documents.invalidFormat'),
        variant: 'destructive',
      });
      return;
    }
    if (file.size > MAX_DOCUMENT_BYTES) {
      refuse();
      setErrors((e) => ({ ...e, [type]: t('documents.tooLarge') }));
      setChosen((c) => ({ ...c, [type]: undefined }));
      return;
    }
    setErrors((e) => ({ ...e, [type]: undefined }));
    setChosen((c) => ({ ...c, [type]: file }));
  };

  const save = async () => {
    const registrationId = useDraft.getState().draft.registrationId;
    if (!registrationId) {
      toast({ title: t('toasts.errorTitle'), description: t('documents.noRegistration'), variant: 'destructive' });
      return;
    }
    const present = (type: UploadType) => Boolean(uploaded[type] || chosen[type]);
    if (!UPLOADS.every(present)) {
      toast({ title: t('documents.incompleteTitle'), description: t('documents.incomplete'), variant: 'destructive' });
      setErrors(
        Object.fromEntries(
          UPLOADS.filter((type) => !uploaded[type] && !chosen[type]).map((type) => [type, t('documents.incomplete')]),
        ),
      );
      return;
    }
    setUploading(true);
    let failed = false;
    for (const type of UPLOADS) {
      const file = chosen[type];
      if (!file) continue;
      try {
        const { filePath } = await api.uploadDocument(registrationId, type, file, file.name);
        const current = useDraft.getState().draft;
        useDraft.getState().update({ documents: { ...current.documents, [type]: filePath } });
        setChosen((c) => ({ ...c, [type]: undefined }));
      } catch (error) {
        failed = true;
        const status = error instanceof ApiError ? error.status : 0;
        const message =
          status === 415
            ? t('documents.invalidFormat')
            : status === 413
              ? t('documents.tooLarge')
              : status === 503
                ? t('documents.storageUnavailable')
                : t('documents.uploadFailed');
        setErrors((e) => ({ ...e, [type]: message }));
        toast({
          title: status === 415 ? t('documents.invalidFormatTitle') : t('toasts.errorTitle'),
          description: message,
          variant: 'destructive',
        });
        // Nothing can be stored now: the next files would only fail the same way.
        if (status === 503) break;
      }
    }
    setUploading(false);
    if (!failed) toast({ title: t('documents.savedTitle'), description: t('documents.saved'), variant: 'success' });
  };

  if (complete) {
    return (
      <div>
        <p className={styles.notice} role="status">
          {t('documents.completed')}
        </p>
        <ul className={documentStyles.list}>
          {UPLOADS.map((type) => (
            <li key={type}>
              <span>{t(`documents.${type}`)}</span> <span className={styles.success}>✓ {t('documents.uploaded')}</span>
            </li>
          ))}
        </ul>
        <StepActions>
          <button type="button" className={controls.primary} onClick={() => void wizard.complete('documents')}>
            {t('common.next')}
          </button>
        </StepActions>
      </div>
    );
  }

  return (
    <div>
      <p>{t('documents.intro')}</p>
      {Object.keys(rejected).length > 0 && (
        <p className={styles.notice} role="alert">
          {t('documents.rejectedIntro')}
        </p>
      )}
      <div className={documentStyles.grid}>
        {UPLOADS.map((type) => {
          const file = chosen[type];
          const id = `signup-document-${type}`;
          return (
            <div
              key={type}
              className={documentStyles.upload}
              data-error={errors[type] || (rejected[type] !== undefined && !file) ? 'true' : undefined}
              data-testid={`document-${type}`}
            >
              <label htmlFor={id} className={documentStyles.label}>
                {t(`documents.${type}`)} *
              </label>
              {/* The native control speaks the browser's language ("Choose File"): it stays for
                  keyboard, screen readers and drops, visually replaced by the app's own button. */}
              <input
                id={id}
                name={type}
                type="file"
                accept={ACCEPT_ATTRIBUTE}
                className={documentStyles.input}
                onChange={(e) => choose(type, e.currentTarget)}
                aria-invalid={errors[type] || (rejected[type] !== undefined && !file) ? true : undefined}
                aria-describedby={`${id}-status`}
                disabled={uploading}
              />
              <label
                htmlFor={id}
                className={documentStyles.pick}
                aria-hidden="true"
                data-disabled={uploading || undefined}
              >
                {t(file || uploaded[type] ? 'documents.change' : 'documents.choose')}
              </label>
              <p id={`${id}-status`} className={styles.hint}>
                {file
                  ? `${file.name} · ${t('documents.size', { size: formatMegabytes(file.size, wizard.language) })}`
                  : uploaded[type]
                    ? `✓ ${t('documents.uploaded')}`
                    : rejected[type] !== undefined
                      ? t('documents.rejected', { reason: rejected[type] || t('documents.noReason') })
                      : t('documents.none')}
              </p>
              {errors[type] && <p className={styles.error}>{errors[type]}</p>}
            </div>
          );
        })}
      </div>
      <StepActions>
        <button type="button" className={controls.primary} onClick={save} disabled={uploading} aria-busy={uploading}>
          {uploading ? t('documents.uploading') : t('documents.save')}
        </button>
      </StepActions>
    </div>
  );
}

/**
 * Staff may reject a document after it was uploaded (a blurred photo): the server's review is
 * read when the step opens, a rejected file stops counting as uploaded (its slot opens again)
 * and its reason is shown. A draft kept on this device from before the rejection is corrected.
 */
function useRejectedDocuments(registrationId: string | null): Partial<Record<UploadType, string>> {
  const [rejected, setRejected] = useState<Partial<Record<UploadType, string>>>({});
  useEffect(() => {
    if (!registrationId) return;
    let current = true;
    api
      .action('registration-handler', 'get_registration_with_documents', { registrationId })
      .then(({ documents }) => {
        if (!current) return;
        const review = documentsFromServer(documents);
        setRejected(review.rejected);
        const draft = useDraft.getState().draft;
        if (UPLOADS.every((type) => draft.documents[type] === review.present[type])) return;
        useDraft.getState().update({
          documents: review.present,
          completedSections: {
            ...draft.completedSections,
            documents: draft.completedSections.documents && allPresent(review.present),
          },
        });
      })
      // Unreachable server: the draft's view stands, and the upload says what it needs.
      .catch((error: unknown) => console.warn('[signup] could not read the document review', error));
    return () => {
      current = false;
    };
  }, [registrationId]);
  return rejected;
}

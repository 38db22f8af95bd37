import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { useTranslation } from 'shared-i18n';
import { useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import { clientDataOf } from '../session/draft';
import { loadDraft } from '../session/server';
import { PENDING_RECOVERY, START_NEW_FOR, sessionFlag, setSessionFlag, useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import { stepUrl } from '../wizard/navigation';
import { StepActions } from '../wizard/StepActions';
import { stepAfterRecovery } from '../wizard/steps';
import styles from '../wizard/Wizard.module.css';
import { CodeField } from './CodeField';
import { cleanVerificationCode, isComplete, verificationFailure, waitFromMessage } from './codes';
import { RecoveryScreen } from './RecoveryScreen';
import { useResendClock } from './resend-clock';

type Screen = 'checking' | 'sending' | 'verifying' | 'completed' | 'recovery' | 'error';
type Channel = 'email' | 'sms';

export const contactKey = (email: string, phone: string) => `${email.trim().toLowerCase()}|${phone}`;

/**
 * The entry effect may run twice for one visit (a re-render of the wizard mounts the step
 * again before the first run is cancelled); both runs share one request per contact, so the
 * server, which refuses a second sign-up for the same contact, never sees the twin.
 */
const inFlight = new Map<string, Promise<unknown>>();
function once<T>(key: string, request: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = request().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

/** Step 2: finds or creates the registration, then verifies e-mail and phone with codes. */
export function VerificationStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const navigate = useNavigate();
  const draft = useDraft((s) => s.draft);
  const [screen, setScreen] = useState<Screen>(() => {
    if (draft.registrationId) return draft.emailVerified && draft.phoneVerified ? 'completed' : 'verifying';
    return 'checking';
  });
  const [sessionExpired, setSessionExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // With an id and both channels verified, the section is complete (spec §4).
  useEffect(() => {
    const current = useDraft.getState().draft;
    if (
      current.registrationId &&
      current.emailVerified &&
      current.phoneVerified &&
      !current.completedSections.verification
    ) {
      const updated = { ...current, completedSections: { ...current.completedSections, verification: true } };
      useDraft.getState().replace(updated);
      void wizard.save(updated);
    }
  }, [wizard]);

  // Once the registration exists (created here, or recovered), the codes screen takes over.
  useEffect(() => {
    if (!draft.registrationId) return;
    const both = draft.emailVerified && draft.phoneVerified;
    setScreen((current) =>
      current === 'checking' || current === 'sending' || current === 'recovery'
        ? both
          ? 'completed'
          : 'verifying'
        : current,
    );
  }, [draft.registrationId, draft.emailVerified, draft.phoneVerified]);

  // The entry logic of spec §4, once per mount (or per Retry). An effect event: a new `t`,
  // `navigate` or wizard object is read when it runs, and is no reason to check or create again.
  const enter = useEffectEvent((isCancelled: () => boolean) => {
    const pending = sessionFlag(PENDING_RECOVERY);
    if (pending) {
      // The flag stays until the visitor recovers or starts again, so that any re-render of
      // the wizard keeps them on this screen.
      setSessionExpired(true);
      setScreen('recovery');
      return;
    }
    const data = clientDataOf(useDraft.getState().draft);
    (async () => {
      setScreen('checking');
      const key = contactKey(data.email, data.phone);
      const skipCheck = sessionFlag(START_NEW_FOR) === key;
      if (!skipCheck) {
        const { exists } = await once(`check|${key}`, () =>
          api.action('registration-handler', 'check_existing', { email: data.email, phone: data.phone }),
        );
        if (isCancelled()) return;
        if (exists) {
          setScreen('recovery');
          return;
        }
      }
      setScreen('sending');
      let registrationId: string;
      try {
        ({ registrationId } = await once(`create|${key}`, () =>
          api.action('registration-handler', 'create_registration', {
            ...data,
            ...(skipCheck ? { startNew: true } : {}),
            // The applicant's messages are written in the language they sign up in.
            language: wizard.language,
          }),
        ));
      } catch (error) {
        if (isCancelled()) return;
        if (error instanceof ApiError && error.status === 409) {
          // A registration for this e-mail and phone was created moments ago (a double submit,
          // another tab): its code is in the inbox, and recovery opens it.
          toast({
            title: t('verification.duplicateTitle'),
            description: t('verification.duplicate'),
            variant: 'destructive',
          });
          setScreen('recovery');
          return;
        }
        if (error instanceof ApiError && error.status === 429) {
          // This address's share of codes is used up for now: nothing was created.
          toast({
            title: t('toasts.errorTitle'),
            description: t('verification.tooManyMessages'),
            variant: 'destructive',
          });
          setScreen('error');
          return;
        }
        console.error('[signup] create_registration failed', error);
        toast({
          title: t('toasts.errorTitle'),
          description:
            error instanceof ApiError && error.code === 'phone_not_mobile'
              ? t('refusals.phone_not_mobile')
              : t('toasts.saveFailed'),
          variant: 'destructive',
        });
        wizard.goTo('client-data', { replace: true });
        return;
      }
      if (isCancelled()) return;
      setSessionFlag(START_NEW_FOR, null);
      useResendClock.getState().start(registrationId, 'email');
      useResendClock.getState().start(registrationId, 'sms');
      const current = useDraft.getState().draft;
      useDraft.getState().replace({
        ...current,
        registrationId,
        previousEmail: current.email.trim(),
        previousPhone: current.phone,
        completedSections: { ...current.completedSections, clientData: true },
      });
      navigate(stepUrl(wizard.language, 'verification', registrationId), { replace: true });
    })().catch((error: unknown) => {
      if (isCancelled()) return;
      console.error('[signup] check_existing failed', error);
      setScreen('error');
    });
  });
  useEffect(() => {
    void attempt;
    if (draft.registrationId) return;
    let cancelled = false;
    enter(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [attempt, draft.registrationId]);

  if (screen === 'checking' || screen === 'sending') {
    return (
      <p className={styles.status} role="status">
        {t(`verification.${screen}`)}
      </p>
    );
  }
  if (screen === 'error') {
    return (
      <div className={styles.status} role="alert">
        <p>{t('verification.checkFailed')}</p>
        <button type="button" className={controls.primary} onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (screen === 'recovery') {
    return (
      <RecoveryScreen
        sessionExpired={sessionExpired}
        onRecovered={(recovered) => {
          const { step, sections } = stepAfterRecovery(recovered);
          if (sections !== recovered.completedSections) {
            const updated = { ...recovered, completedSections: sections };
            useDraft.getState().replace(updated);
            void wizard.save(updated);
          }
          navigate(stepUrl(wizard.language, step, recovered.registrationId), { replace: true });
        }}
      />
    );
  }
  return <CodesScreen completed={screen === 'completed'} onBothVerified={() => setScreen('completed')} />;
}

function CodesScreen({ completed, onBothVerified }: { completed: boolean; onBothVerified(): void }) {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const draft = useDraft((s) => s.draft);
  const registrationId = draft.registrationId ?? '';
  const [codes, setCodes] = useState<Record<Channel, string>>({ email: '', sms: '' });
  const [errors, setErrors] = useState<Partial<Record<Channel, string>>>({});
  const [busy, setBusy] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const clock = useResendClock((s) => s.availableAt[registrationId]);
  const verified: Record<Channel, boolean> = { email: draft.emailVerified, sms: draft.phoneVerified };

  // The server's cooldown drives the countdown: after a reload (or on another device) the
  // local clock knows nothing, and Resend must not look available when it is not.
  useEffect(() => {
    if (!registrationId) return;
    let cancelled = false;
    api
      .action('registration-handler', 'get_resend_cooldown', { registrationId })
      .then((left) => {
        if (cancelled) return;
        useResendClock.getState().start(registrationId, 'email', left.email * 1000);
        useResendClock.getState().start(registrationId, 'sms', left.sms * 1000);
      })
      .catch((error: unknown) => console.error('[signup] get_resend_cooldown failed', error));
    return () => {
      cancelled = true;
    };
  }, [registrationId]);

  const refreshFlags = async () => {
    const fresh = await loadDraft(registrationId);
    const current = useDraft.getState().draft;
    const next = {
      ...current,
      emailVerified: fresh.emailVerified,
      phoneVerified: fresh.phoneVerified,
      previousEmail: fresh.email,
      previousPhone: fresh.phone,
      completedSections: {
        ...current.completedSections,
        verification: fresh.emailVerified || fresh.phoneVerified ? current.completedSections.verification : false,
      },
    };
    useDraft.getState().replace(next);
    return next;
  };

  const verify = async (channels: Channel[]) => {
    const tried = { email: channels.includes('email'), sms: channels.includes('sms') };
    setBusy(true);
    setErrors({});
    try {
      await api.action('registration-handler', 'verify_tokens', {
        registrationId,
        emailToken: tried.email ? codes.email : '',
        smsToken: tried.sms ? codes.sms : '',
      });
      const next = await refreshFlags();
      const failure = verificationFailure(tried, { email: next.emailVerified, sms: next.phoneVerified });
      if (failure) {
        const message = t(`verification.${failure}`);
        setErrors({
          ...(tried.email && !next.emailVerified ? { email: message } : {}),
          ...(tried.sms && !next.phoneVerified ? { sms: message } : {}),
        });
        toast({ title: t('toasts.errorTitle'), description: message, variant: 'destructive' });
      } else {
        toast({
          title: t('verification.verifiedTitle'),
          description: channels
            .map((c) => t(c === 'email' ? 'verification.emailVerified' : 'verification.smsVerified'))
            .join(' · '),
          variant: 'success',
        });
      }
      if (next.emailVerified && next.phoneVerified) onBothVerified();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message =
        status === 410
          ? t('verification.expired')
          : status === 429
            ? t('verification.tooManyAttempts')
            : t('verification.verifyError');
      setErrors(Object.fromEntries(channels.map((c) => [c, message])));
      toast({ title: t('toasts.errorTitle'), description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const resend = async (channel: Channel) => {
    try {
      await api.action('registration-handler', 'resend_verification', {
        registrationId,
        email: draft.email,
        phone: draft.phone,
        type: channel,
      });
      useResendClock.getState().start(registrationId, channel);
      setErrors((current) => ({ ...current, [channel]: undefined }));
      toast({ title: t('verification.resentTitle'), description: t('verification.resent'), variant: 'success' });
    } catch (error) {
      const wait = error instanceof ApiError ? waitFromMessage(error.message) : null;
      if (wait) useResendClock.getState().start(registrationId, channel, wait * 1000);
      toast({
        title: t('verification.resendFailedTitle'),
        description: t('verification.resendFailed'),
        variant: 'destructive',
      });
    }
  };

  const next = async () => {
    setContinuing(true);
    await wizard.complete('verification');
    setContinuing(false);
  };

  if (completed) {
    return (
      <div>
        <p className={styles.success} role="status">
          ✓ {t('verification.completedTitle')}
        </p>
        <p>{t('verification.completed')}</p>
        <StepActions>
          <button
            type="button"
            className={controls.primary}
            onClick={next}
            disabled={continuing}
            aria-busy={continuing}
          >
            {t('common.continue')}
          </button>
        </StepActions>
      </div>
    );
  }

  const submitBoth = (event: FormEvent) => {
    event.preventDefault();
    if (isComplete(codes.email) && isComplete(codes.sms)) void verify(['email', 'sms']);
  };

  return (
    <form onSubmit={submitBoth} noValidate>
      <p>{t('verification.intro', { email: draft.email, phone: draft.phone })}</p>
      <div className={styles.form}>
        {(['email', 'sms'] as const).map((channel) => (
          <CodeField
            key={channel}
            channel={channel}
            value={codes[channel]}
            verified={verified[channel]}
            error={errors[channel]}
            busy={busy}
            availableAt={clock?.[channel] ?? 0}
            onChange={(value) => setCodes((current) => ({ ...current, [channel]: cleanVerificationCode(value) }))}
            onVerify={() => verify([channel])}
            onResend={() => resend(channel)}
          />
        ))}
      </div>
      {!verified.email && !verified.sms && (
        <div className={styles.actions}>
          <button
            type="submit"
            className={controls.secondary}
            disabled={busy || !isComplete(codes.email) || !isComplete(codes.sms)}
          >
            {t('verification.verifyBoth')}
          </button>
        </div>
      )}
      <p className={styles.hint}>{t('verification.continueHint')}</p>
      <StepActions>
        <button
          type="button"
          className={controls.primary}
          onClick={next}
          disabled={(!verified.email && !verified.sms) || continuing}
          aria-busy={continuing}
        >
          {t('common.continue')}
        </button>
      </StepActions>
    </form>
  );
}

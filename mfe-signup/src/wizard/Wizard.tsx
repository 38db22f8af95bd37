import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, takeHandover } from 'shared-api';
import type { Language, SignupStep } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import { useLocation, useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useHydrated } from 'shared-ui/hydrated';
import { PageHeading } from 'shared-ui/page-heading';
import { useSiteConfig } from 'shared-ui/site';
import { toast } from 'shared-ui/toast';
import { emptyDraft, type RegistrationDraft } from '../session/draft';
import { useInactivity } from '../session/inactivity';
import { isLocked, loadDraft, saveDraft } from '../session/server';
import { removeSessionRecord } from '../session/session-record';
import {
  PENDING_RECOVERY,
  RECOVERY_OF_COMPLETED,
  RESET_FLAG,
  sessionFlag,
  setSessionFlag,
  useDraft,
} from '../session/store';
import { NavigationContext, type WizardNavigation } from './context';
import { prefetchDeviceChecks, readDevice } from './device';
import { afterLookUp, afterProductCheck, decideLanding, type Redirect } from './landing';
import { serviceStepQuery, stepUrl } from './navigation';
import { RegistrationCode } from './RegistrationCode';
import { refusalKey, refusalOf } from './refusals';
import { StepBar } from './StepBar';
import { STEP_TITLE_ID, StepBoundary } from './StepBoundary';
import { prefetchStepAfter } from './step-components';
import { completeSection, nextStep, previousStep } from './steps';
import styles from './Wizard.module.css';

type Landing = { state: 'loading' } | { state: 'ready' } | { state: 'error' };

/**
 * Where a visitor may be (spec §4): reads `proceso`, `productos` and the session flags,
 * loads the draft, and redirects to the step the completed sections allow.
 */
function useLanding(language: Language, step: SignupStep | undefined): [Landing, () => void] {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [landing, setLanding] = useState<Landing>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const handled = useRef('');
  const unsavedTaken = useRef(false);
  // The page as it is now, for what the landing does after waiting on the server: a language
  // switch meanwhile keeps the step (and so the landing running), and must not be undone.
  const now = useRef({ language, t });
  useLayoutEffect(() => {
    now.current = { language, t };
  });
  // An effect event reads the current `t`, `navigate` and language without being a reason to
  // land again: a new `t` must not land the visitor a second time, and a language switch shows
  // the same step in the other language (landing again would remount the step, losing the
  // errors on screen).
  const startLanding = useEffectEvent((isCancelled: () => boolean) => {
    const params = new URLSearchParams(search);
    const proceso = params.get('proceso');
    const store = useDraft.getState();
    const urlOf = ({ step: target, registrationId, query }: Redirect) =>
      stepUrl(now.current.language, target, registrationId, query);
    const go = (to: Redirect) => navigate(urlOf(to), { replace: true });
    const destructive = (title: ParseKeys<'signup'>, description: ParseKeys<'signup'>, to: Redirect | null) =>
      toast({
        title: now.current.t(title),
        description: now.current.t(description),
        variant: 'destructive',
        // Said on the step the visitor is sent to, however long its code takes to arrive.
        followsNavigation: to !== null,
      });

    async function land(): Promise<Landing | null> {
      // Spent only once read: a landing that failed (the chunk did not arrive) takes it up on Retry,
      // or the first keystroke after would write an empty draft over it.
      const device = await readDevice(params, Date.now(), !unsavedTaken.current);
      unsavedTaken.current = true;
      if (isCancelled()) return null;
      // Read afresh: a draft taken up from the server below lands again with it.
      const current = useDraft.getState().draft;
      const decision = decideLanding({
        step,
        params,
        selection: device.selection,
        resetRequested: Boolean(sessionFlag(RESET_FLAG)),
        pendingRecovery: Boolean(sessionFlag(PENDING_RECOVERY)),
        savedRegistrationId: device.savedRegistrationId,
        draft: current,
        procesoDraft: !proceso ? null : current.registrationId === proceso ? current : device.record(proceso),
      });
      // A step shown again with the draft it has (the address gained `proceso` once the
      // registration was created) keeps its screen mounted: a loading flash would unmount it
      // and mount it a second time under the visitor's typing. Anything else (a draft to adopt,
      // a wait on the server, a redirect) says it is loading, so the step starts afresh.
      if (decision.kind !== 'show' || decision.draft) setLanding({ state: 'loading' });
      switch (decision.kind) {
        case 'start-over':
          setSessionFlag(RESET_FLAG, null);
          removeSessionRecord(localStorage, null);
          store.replace(emptyDraft());
          return { state: 'ready' };
        case 'show':
        case 'redirect':
          if (decision.draft) store.replace(decision.draft);
          if (decision.warn)
            destructive(
              'toasts.accessDeniedTitle',
              'toasts.completePrevious',
              decision.kind === 'redirect' ? decision.to : null,
            );
          if (decision.kind === 'show') return { state: 'ready' };
          go(decision.to);
          return null;
        case 'look-up': {
          const { exists, completed, session } = await api.action(
            'registration-handler',
            'check_registration_exists_by_id',
            { registrationId: proceso ?? '' },
          );
          if (isCancelled()) return null;
          // Begun elsewhere with this browser's session, and handed over by the page that began it
          // (a tenant renting again from their account): taken up as it is on the server, then
          // landed on like any draft of this device. Only then: a session that is merely still
          // live (Back after the inactivity expiry on a shared computer) still asks for the code.
          if (exists && !completed && session && takeHandover(proceso ?? '')) {
            const adopted = await loadDraft(proceso ?? '').catch(() => null);
            if (isCancelled()) return null;
            if (adopted) {
              store.replace(adopted);
              return land();
            }
          }
          const found = afterLookUp(exists, completed);
          if (found.outcome === 'session-expired' || found.outcome === 'completed') {
            if (found.outcome === 'completed') {
              toast({
                title: t('toasts.completedTitle'),
                description: t('toasts.completed'),
                variant: 'success',
                followsNavigation: true,
              });
            } else {
              destructive('toasts.sessionExpiredTitle', 'toasts.sessionExpired', found.to);
            }
            setSessionFlag(PENDING_RECOVERY, proceso);
            setSessionFlag(RECOVERY_OF_COMPLETED, found.outcome === 'completed' ? '1' : null);
          } else {
            destructive('toasts.notFoundTitle', 'toasts.notFound', found.to);
            setSessionFlag(RESET_FLAG, '1');
          }
          go(found.to);
          return null;
        }
        case 'check-product': {
          if (decision.draft !== store.draft) store.replace(decision.draft);
          const { selection } = decision;
          const result = await api
            .action('registration-handler', 'check_and_set_product', {
              registrationId: proceso ?? '',
              productId: selection.productId,
              ...(selection.volumeRequested ? { volumeRequested: selection.volumeRequested } : {}),
            })
            .catch((error: unknown) => {
              console.error('[signup] check_and_set_product failed', error);
              return null;
            });
          if (isCancelled()) return null;
          const checked = afterProductCheck(decision, params, result);
          if (checked.outcome === 'failed') destructive('toasts.productErrorTitle', 'toasts.productError', checked.to);
          if (checked.outcome === 'selected') {
            toast({
              title: now.current.t('toasts.productSelectedTitle'),
              description: checked.productName,
              variant: 'success',
              followsNavigation: true,
            });
            store.replace(checked.draft);
          }
          if (checked.outcome === 'unavailable') {
            const reason = now.current.t(refusalKey(checked.code), { defaultValue: checked.error ?? '' });
            toast({
              title: now.current.t('toasts.productUnavailableTitle'),
              description: now.current.t('toasts.productUnavailable', { reason }),
              variant: 'destructive',
              followsNavigation: true,
            });
          }
          go(checked.to);
          return null;
        }
      }
    }

    land()
      .then((result) => {
        if (!isCancelled() && result) setLanding(result);
      })
      .catch((error: unknown) => {
        if (isCancelled()) return;
        console.error('[signup] could not load the registration', error);
        toast({
          title: now.current.t('toasts.loadErrorTitle'),
          description: now.current.t('toasts.loadError'),
          variant: 'destructive',
        });
        setLanding({ state: 'error' });
      });
  });

  useEffect(() => {
    const key = `${step}|${search}|${attempt}`;
    if (handled.current === key) return;
    handled.current = key;
    let cancelled = false;
    startLanding(() => cancelled);
    return () => {
      cancelled = true;
      handled.current = '';
    };
  }, [step, search, attempt]);

  return [landing, () => setAttempt((n) => n + 1)];
}

/**
 * The server refused a call for want of this registration's session (expired after 15 quiet
 * minutes, or a link opened in another browser): the id is kept, the local copy goes, and the
 * visitor proves ownership on the recovery screen (spec §8 "Session expired").
 */
function useSessionLoss(language: Language): void {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  // Called by the API client, outside React: it reads the current language, `t` and `navigate`.
  const lose = useEffectEvent(() => {
    // The draft is emptied below, so the other calls refused at the same time do nothing.
    const id = useDraft.getState().draft.registrationId;
    if (!id) return;
    // To the entry (spec §8), which sends the visitor on to the recovery screen at once.
    const entry = stepUrl(language, undefined, null);
    toast({
      title: t('toasts.sessionExpiredTitle'),
      description: t('toasts.sessionExpired'),
      variant: 'destructive',
      followsNavigation: true,
    });
    setSessionFlag(PENDING_RECOVERY, id);
    removeSessionRecord(localStorage, id);
    useDraft.getState().replace(emptyDraft());
    navigate(entry, { replace: true });
  });
  useEffect(() => api.onUnauthorized(() => lose()), []);
}

/** What the server renders: no draft (it is the browser's). */
const SERVER_DRAFT: RegistrationDraft = emptyDraft();

/** The sign-up page: heading, step bar, and the step the URL names (the entry is client data). */
export function Wizard({ language, step }: { language: Language; step?: SignupStep }) {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const [landing, retry] = useLanding(language, step);
  const storedDraft = useDraft((s) => s.draft);
  // The draft comes from this device's storage: shown once React has the page, so the first
  // render in the browser is the server's (a reload with a saved draft threw React error #418).
  const hydrated = useHydrated();
  const draft = hydrated ? storedDraft : SERVER_DRAFT;
  const current: SignupStep = step ?? 'client-data';
  const hasProduct = Boolean(draft.serviceDetails?.productId);

  useSessionLoss(language);

  // Fifteen quiet minutes end the sign-up: the draft goes, the visitor goes home (spec §4).
  useInactivity(() => {
    const expired = useDraft.getState().draft;
    removeSessionRecord(localStorage, expired.registrationId);
    removeSessionRecord(localStorage, null);
    useDraft.getState().replace(emptyDraft());
    toast({
      title: t('review.inactivityTitle'),
      description: t('review.inactivity'),
      variant: 'destructive',
      // Said on the home page the visitor is sent to, however long it takes to load.
      followsNavigation: true,
    });
    navigate(`/${language}`);
  });
  const { tradingName } = useSiteConfig();

  const goTo = useCallback(
    (target: SignupStep, options?: { replace?: boolean }) => {
      const current = useDraft.getState().draft;
      const id = current.registrationId;
      const targetUrl = stepUrl(
        language,
        id || target !== 'client-data' ? target : undefined,
        id,
        target === 'service-details' ? serviceStepQuery(current) : undefined,
      );
      navigate(targetUrl, { replace: options?.replace ?? false });
    },
    [language, navigate],
  );

  const save = useCallback(
    async (next?: RegistrationDraft) => {
      const draftToSave = next ?? useDraft.getState().draft;
      try {
        await saveDraft(draftToSave);
        return true;
      } catch (error) {
        console.error('[signup] saving the draft failed', error);
        const refused = refusalOf(error);
        if (isLocked(error))
          toast({ title: t('toasts.lockedTitle'), description: t('toasts.locked'), variant: 'destructive' });
        else if (refused)
          toast({ title: t('toasts.refusedTitle'), description: t(refusalKey(refused)), variant: 'destructive' });
        else
          toast({
            title: t('toasts.errorTitle'),
            // §8: the client data step's own message, the general one elsewhere.
            description: t(current === 'client-data' ? 'toasts.saveFailed' : 'toasts.updateFailed'),
            variant: 'destructive',
          });
        return false;
      }
    },
    [t, current],
  );

  const navigation = useMemo<WizardNavigation>(
    () => ({
      language,
      step: current,
      goTo,
      save,
      async complete(done, base) {
        const draftNow = base ?? useDraft.getState().draft;
        const updated = { ...draftNow, completedSections: completeSection(draftNow.completedSections, done) };
        useDraft.getState().replace(updated);
        if (updated.registrationId && !(await save(updated))) return false;
        goTo(
          nextStep(done, {
            hasRegistrationId: Boolean(updated.registrationId),
            emailVerified: updated.emailVerified,
            phoneVerified: updated.phoneVerified,
          }),
        );
        return true;
      },
      back() {
        const d = useDraft.getState().draft;
        const previous = previousStep(current, {
          hasRegistrationId: Boolean(d.registrationId),
          emailVerified: d.emailVerified,
          phoneVerified: d.phoneVerified,
        });
        if (previous) goTo(previous);
      },
    }),
    [language, current, goTo, save],
  );

  // The checks of what this device keeps arrive while the visitor types (not before: a first
  // visit opens without them).
  useEffect(
    () =>
      useDraft.subscribe((state, previous) => {
        if (state.draft !== previous.draft) prefetchDeviceChecks();
      }),
    [],
  );

  // The next step's code arrives while the visitor fills in this one.
  useEffect(() => {
    if (landing.state !== 'ready') return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => prefetchStepAfter(current));
    return () => cancel(handle);
  }, [landing.state, current]);

  const loading = (
    <p className={`${styles.status} ${styles.landing}`} role="status">
      {t('common.loading')}
    </p>
  );

  return (
    <div data-remote="signup" className={styles.page}>
      <DocumentMeta
        page="signup"
        language={language}
        title={`${t('title')} · ${tradingName}`}
        description={hasProduct ? t('descriptionWithProduct') : t('description')}
      />
      <PageHeading title={t('title')} subtitle={hasProduct ? t('descriptionWithProduct') : t('description')} />
      <div className={styles.body}>
        <StepBar
          current={current}
          sections={draft.completedSections}
          onSelect={goTo}
          ready={landing.state === 'ready'}
        />
        {draft.registrationId && <RegistrationCode registrationId={draft.registrationId} />}
        {landing.state === 'loading' && loading}
        {landing.state === 'error' && (
          <div className={styles.status} role="alert">
            <p>{t('toasts.loadError')}</p>
            <button type="button" className={controls.primary} onClick={retry}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {landing.state === 'ready' && (
          <NavigationContext.Provider value={navigation}>
            <section className={styles.card} aria-labelledby={STEP_TITLE_ID}>
              <h2 id={STEP_TITLE_ID} className={styles.stepTitle} tabIndex={-1}>
                {t(`steps.${current}`)}
              </h2>
              <StepBoundary
                key={current}
                step={current}
                loading={loading}
                failed={t('common.stepFailed')}
                retry={t('common.retry')}
              />
            </section>
          </NavigationContext.Provider>
        )}
      </div>
    </div>
  );
}

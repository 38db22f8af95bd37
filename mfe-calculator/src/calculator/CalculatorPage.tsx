import { lazy, Suspense, useRef, useState } from 'react';
import { PROCESO_PARAM } from 'shared-api';
import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link, useSearchParams } from 'shared-router';
import { DocumentMeta } from 'shared-ui/document-meta';
import { PageHeading } from 'shared-ui/page-heading';
import { useSiteConfig } from 'shared-ui/site';
import { ShareBar } from '../share/ShareBar';
import { SharedListDialog } from '../share/SharedListDialog';
import { useSharedListImport } from '../share/useSharedListImport';
import { waitlistDeepLink } from '../waitlist/deep-link';
import styles from './Calculator.module.css';
import { HowItWorks } from './HowItWorks';
import { ItemList } from './ItemList';
import { PresetPicker } from './PresetPicker';
import { PrintList } from './PrintList';
import { useCalculator } from './store';
import { TotalBar } from './TotalBar';
import { totalVolume } from './volume';

// The options and the waitlist (with the API contracts they check) load when a visitor asks for
// them: the calculator's first screen does not build or evaluate them.
const OptionsView = lazy(() => import('../options/OptionsView').then((module) => ({ default: module.OptionsView })));

export function CalculatorPage({ language }: { language: Language }) {
  const { t } = useTranslation('calculator');
  const [params] = useSearchParams();
  const proceso = params.get(PROCESO_PARAM);
  const items = useCalculator((s) => s.items);
  const total = totalVolume(items);
  // A sold-out unit in the sign-up links here: the waitlist for it, at the volume measured there.
  const [waitlistLink] = useState(() => waitlistDeepLink(params));
  const [view, setView] = useState<'list' | 'options'>(waitlistLink ? 'options' : 'list');
  const calculatorRef = useRef<HTMLDivElement>(null);
  const sharedList = useSharedListImport();
  const { tradingName } = useSiteConfig();

  const closeOptions = () => {
    setView('list');
    // Back where the visitor was: the search button.
    requestAnimationFrame(() => document.getElementById('find-storage')?.focus());
  };

  return (
    <div data-remote="calculator">
      <DocumentMeta
        title={`${t('title')} · ${tradingName}`}
        description={t('metaDescription')}
        page={'calculator'}
        language={language}
      />
      <PageHeading title={t('title')} subtitle={t('subtitle')}>
        {proceso && (
          <Link
            className={styles.backLink}
            to={`${pathFor('signup', language)}?${new URLSearchParams({ [PROCESO_PARAM]: proceso })}`}
          >
            ← {t('backToSignup')}
          </Link>
        )}
      </PageHeading>
      <div className={styles.page}>
        {view === 'list' ? (
          <>
            <HowItWorks />
            <div className={styles.calculator} ref={calculatorRef}>
              <PresetPicker />
              <ItemList language={language} />
              <TotalBar total={total} language={language} onFind={() => setView('options')} />
              <ShareBar />
            </div>
            <PrintList language={language} />
          </>
        ) : (
          <Suspense fallback={<p role="status">{t('options.loading')}</p>}>
            <OptionsView
              volume={waitlistLink?.volume ?? total}
              language={language}
              proceso={proceso}
              onClose={closeOptions}
              waitlistFor={waitlistLink?.productId ?? null}
            />
          </Suspense>
        )}
      </div>
      <SharedListDialog shared={sharedList.pending} onChoose={sharedList.resolve} />
    </div>
  );
}

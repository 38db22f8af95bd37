import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useEarlyClick } from 'shared-ui/early-click';
import { bookingHref, isPlainClick, openScheduling, openVoiceAssistant } from 'shared-ui/scheduling';
import { useSiteConfig } from 'shared-ui/site';
import styles from '../Marketing.module.css';
import { StorageKinds } from '../storage/StorageKinds';
import { reviewsFrom } from './reviews';

/** Figures of the statistics band (spec §9). */
const STATS = [
  { key: 'units', value: 55 },
  { key: 'boxes', value: 15 },
  { key: 'furniture', value: 15 },
  { key: 'customers', value: 300, over: true },
] as const;

/**
 * The home page, and its hire twin (`/es/contratar`, `/en/hire`, where the banner's offers lead):
 * the same page led by how to rent online and what the offers are, so "Contrata ahora" lands on
 * the way to hire rather than on a copy of the home page.
 */
export function HomePage({ language, hire = false }: { language: Language; hire?: boolean }) {
  const { t } = useTranslation('marketing');
  const site = useSiteConfig();
  const features = t('home.features', { returnObjects: true }) as { title: string; text: string }[];
  const reviews = reviewsFrom(t('home.reviews', { returnObjects: true }));
  const learnMoreEarly = useEarlyClick<HTMLButtonElement>();

  return (
    <div data-remote="marketing">
      <DocumentMeta
        title={`${site.tradingName} · ${t(hire ? 'hire.title' : 'home.title')}`}
        description={t(hire ? 'meta.hire' : 'meta.home')}
        page={hire ? 'hire' : 'home'}
        language={language}
      />
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1>{t(hire ? 'hire.title' : 'home.title')}</h1>
          <p>{t(hire ? 'hire.subtitle' : 'home.subtitle')}</p>
          <div className={styles.actions}>
            <a
              href={bookingHref(site.schedulingUrl, language)}
              className={controls.accent}
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                openScheduling(site.schedulingUrl);
              }}
            >
              {t('home.bookVisit')}
            </a>
            <button
              {...learnMoreEarly}
              type="button"
              className={controls.onDark}
              onClick={() => openVoiceAssistant(site.voiceWidgetId)}
            >
              {t('home.learnMore')}
            </button>
          </div>
        </div>
      </section>

      {hire && <HowToHire language={language} />}

      <section className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title">{t('home.featuresTitle')}</h2>
        <ul className={styles.cards} data-testid="features">
          {features.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="kinds-title">
        <h2 id="kinds-title">{t('home.kindsTitle')}</h2>
        <StorageKinds />
        <p className={styles.claim}>{t('home.fromPrice')}</p>
        <Link className={styles.textLink} to={pathFor('calculator', language)}>
          {t('home.seeCalculator')} →
        </Link>
      </section>

      {!hire && <HowToHire language={language} />}

      <section className={styles.section} aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('home.reviewsTitle')}</h2>
        <ul className={styles.cards} data-testid="reviews">
          {reviews.map((review) => (
            <li key={review.author} className={styles.card}>
              <figure className={styles.review}>
                <div className={styles.stars} role="img" aria-label={t('home.starsLabel', { count: review.stars })}>
                  {'★'.repeat(review.stars)}
                  {'☆'.repeat(5 - review.stars)}
                </div>
                <blockquote>{review.text}</blockquote>
                <figcaption className={styles.author}>{review.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.stats} aria-labelledby="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          {t('home.statsTitle')}
        </h2>
        <dl className={styles.statsList} data-testid="stats">
          {STATS.map((stat) => (
            <div key={stat.key}>
              <dt>{t(`home.stats.${stat.key}`)}</dt>
              {'over' in stat ? (
                <dd>
                  <span aria-hidden="true">+{stat.value}</span>
                  <span className="visually-hidden">{t('home.statsOver', { count: stat.value })}</span>
                </dd>
              ) : (
                <dd>{stat.value}</dd>
              )}
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** Renting online in three steps, the offers' terms, and the way in: the calculator. */
function HowToHire({ language }: { language: Language }) {
  const { t } = useTranslation('marketing');
  const steps = t('hire.steps', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <section className={styles.section} aria-labelledby="hire-title" data-testid="how-to-hire">
      <h2 id="hire-title">{t('hire.howTitle')}</h2>
      <ol className={styles.cards}>
        {steps.map((step, index) => (
          <li key={step.title} className={styles.card}>
            <h3>
              {index + 1}. {step.title}
            </h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <p className={styles.claim}>{t('hire.offers')}</p>
      <Link className={controls.primary} to={pathFor('calculator', language)}>
        {t('hire.start')}
      </Link>
    </section>
  );
}

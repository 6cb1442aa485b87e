import { lazy } from 'react';
import { Link } from 'react-router';
import { ReleaseListKind } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { ButtonLink } from '../../../components/button';
import { ChevronRightIcon, DiscIcon, ListIcon, ReviewIcon } from '../../../components/icons';
import { PageFrame } from '../../../components/page-frame';
import { WhenVisible } from '../../../components/when-visible';
import { useCurrentUser } from '../../../lib/current-user';
import { ReleaseSection } from '../../releases';
import styles from './home-page.module.css';

// Below the fold: its code (markdown excerpts, relative dates) loads as the reader scrolls.
const NewReviewsSection = lazy(() =>
  import('../../reviews').then((m) => ({
    default: m.NewReviewsSection,
  })),
);

const FEATURES = [
  {
    to: paths.releases.href(),
    icon: <DiscIcon size={22} />,
    title: 'Releases',
    text: 'Browse new, upcoming and top-rated albums, EPs and mixtapes. Rate each one from 0 to 10 and vote for your favourite tracks.',
    link: 'Browse releases',
  },
  {
    to: paths.reviews.href(),
    icon: <ReviewIcon size={22} />,
    title: 'Reviews',
    text: 'Read what other listeners think, write your own reviews and vote up the ones that say it best.',
    link: 'Read reviews',
  },
  {
    to: paths.lists.href(),
    icon: <ListIcon size={22} />,
    title: 'Lists',
    text: 'Collect releases into ranked or unranked lists — year-end favourites, deep cuts, a genre primer — and share them.',
    link: 'Explore lists',
  },
];

/** The release lists previewed on the home page; empty ones marked optional are left out. */
const SECTIONS = [
  { kind: ReleaseListKind.New, title: 'New releases', optional: false },
  { kind: ReleaseListKind.Upcoming, title: 'Upcoming', optional: false },
  { kind: ReleaseListKind.Popular, title: 'Popular', optional: false },
  { kind: ReleaseListKind.TopOfTheYear, title: 'Top of the year', optional: true },
] as const;

const STEPS = [
  {
    title: 'Log what you hear',
    text: 'Every rating, review, tag and track vote goes into your profile, so your listening history builds itself.',
  },
  {
    title: 'Follow people you trust',
    text: 'Follow listeners whose taste you like, see what they rate and get notified when they mention you.',
  },
  {
    title: 'Build the catalogue',
    text: 'Missing a release? Add it. Edits are voted on by trusted contributors, and every change is kept in the history.',
  },
];

export default function HomePage() {
  const { user } = useCurrentUser();

  return (
    <PageFrame>
      <section className={styles.hero} aria-labelledby="home-title">
        <div>
          <p className={styles.eyebrow}>
            {user ? `Welcome back, ${user.name || user.username}` : 'A community for music lovers'}
          </p>
          <h1 id="home-title" className={styles.title}>
            Rate, review and list <span className={styles.accent}>the music you love.</span>
          </h1>
          <p className={styles.lead}>
            Earmark is where listeners keep track of every release they hear, share what they think
            of it, and build an open music catalogue together.
          </p>
          <div className={styles.actions}>
            {user ? (
              <>
                <ButtonLink to={paths.releases.href()} size="large">
                  Discover releases
                </ButtonLink>
                <ButtonLink to={paths.user.href(user.username)} size="large" variant="secondary">
                  Your profile
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to={paths.login.href(undefined, 'signup')} size="large">
                  Join Earmark
                </ButtonLink>
                <ButtonLink to={paths.releases.href()} size="large" variant="secondary">
                  Browse releases
                </ButtonLink>
              </>
            )}
          </div>
        </div>
        <div className={styles.art} aria-hidden="true">
          <div className={styles.record}>
            <div className={styles.disc} />
            <div className={styles.sleeve}>
              <div className={styles.sleeveLabel}>
                <span />
                <span />
              </div>
            </div>
          </div>
        </div>
      </section>

      {SECTIONS.map((section) => (
        <ReleaseSection
          key={section.kind}
          title={section.title}
          filter={{ type: section.kind }}
          to={paths.releaseList.href(section.kind)}
          hideWhenEmpty={section.optional}
        />
      ))}

      <WhenVisible minHeight={480}>
        <NewReviewsSection />
      </WhenVisible>

      <section className={styles.features} aria-label="What you can do">
        {FEATURES.map((feature) => (
          <Link key={feature.to} to={feature.to} className={styles.card}>
            <span className={styles.cardIcon}>{feature.icon}</span>
            <h2>{feature.title}</h2>
            <p className={styles.cardText}>{feature.text}</p>
            <span className={styles.cardLink}>
              {feature.link}
              <ChevronRightIcon size={16} />
            </span>
          </Link>
        ))}
      </section>

      <section className={styles.community} aria-label="How Earmark works">
        {STEPS.map((step, index) => (
          <div key={step.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </div>
        ))}
      </section>
    </PageFrame>
  );
}

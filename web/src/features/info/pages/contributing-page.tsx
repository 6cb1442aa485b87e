import { Link } from 'react-router';
import {
  DISCARD_WINDOW_MS,
  GENRE_SUBMISSION_VOTES_TO_DECIDE,
  SUBMISSION_VOTES_TO_DECIDE,
} from '@earmark/common';
import { paths } from '../../../lib/paths';
import { BadgeUsers } from '../../admin';
import { InfoPage, infoStyles } from '../components/info-page';

const DISCARD_MINUTES = DISCARD_WINDOW_MS / 60_000;

export default function ContributingPage() {
  return (
    <InfoPage
      title="Contributing"
      description="How Earmark's catalogue of releases, artists, labels and genres is built and checked by its members."
      lead="Every release, artist, label and genre on Earmark was added by a member. Here is how contributions and votes work."
    >
      <h2>Who can contribute</h2>
      <p>
        Every member with a confirmed account is a <strong>contributor</strong> and can add new
        releases, artists, labels and genres, or propose changes to existing ones. Use{' '}
        <Link to={paths.addRelease.href()}>Add Release</Link> in your profile menu, or the Edit item
        on any catalogue page.
      </p>
      <p>
        Each addition or change is a <strong>submission</strong> with a short note explaining it —
        where the information comes from, or why it should change. Good notes make votes quick.
      </p>

      <h2>What happens to a submission</h2>
      <ul className={infoStyles.cards}>
        <li className={infoStyles.card}>
          <p className={infoStyles.cardTitle}>New releases, artists and labels</p>
          <p>
            Appear at once (auto-approved), so you can rate a release right after adding it. Voters
            can still reject them afterwards.
          </p>
        </li>
        <li className={infoStyles.card}>
          <p className={infoStyles.cardTitle}>Edits</p>
          <p>
            Stay open until voters approve them; only then do they change the page. There can be one
            open edit per entity at a time.
          </p>
        </li>
        <li className={infoStyles.card}>
          <p className={infoStyles.cardTitle}>Genres</p>
          <p>New genres and genre edits always wait for votes before they apply.</p>
        </li>
        <li className={infoStyles.card}>
          <p className={infoStyles.cardTitle}>Editors and admins</p>
          <p>
            Their own submissions apply at once, and their vote decides a submission on its own.
          </p>
        </li>
      </ul>

      <h2>Voting</h2>
      <p>
        <strong>Trusted contributors</strong> vote on open and auto-approved submissions, on the{' '}
        Open Contributions pages. You cannot vote on your own submissions, and each member has one
        vote per submission (voting again replaces your earlier vote).
      </p>
      <ul>
        <li>
          {SUBMISSION_VOTES_TO_DECIDE} up-votes approve a submission and{' '}
          {SUBMISSION_VOTES_TO_DECIDE} down-votes reject it ({GENRE_SUBMISSION_VOTES_TO_DECIDE} each
          for genres).
        </li>
        <li>Approving an open edit applies it to the catalogue.</li>
        <li>
          Rejecting an auto-approved new entry marks it for deletion: it is hidden from listings
          until an admin reviews it.
        </li>
      </ul>

      <h2>Becoming a trusted contributor</h2>
      <p>
        Voting rights are granted automatically once a day to members whose account is at least 60
        days old, who have at least 200 applied submissions, and who made at least 5 of them in the
        last 30 days. Members who stop meeting these conditions lose them again.
      </p>

      <h2>Our trusted contributors</h2>
      <BadgeUsers
        type="trusted"
        label="Trusted contributors"
        emptyText="There are no trusted contributors yet."
      />

      <h2>Changed your mind?</h2>
      <p>
        You can discard your own submission within {DISCARD_MINUTES} minutes of creating it, as long
        as nobody has voted on it yet. A new entry can only be discarded while nothing else refers
        to it (for example ratings or list items).
      </p>

      <h2>History</h2>
      <p>
        Every applied change is kept. The History item on a release, artist, label or genre page
        shows each change, newest first, with what it changed and who made it.
      </p>

      <div className={infoStyles.callout}>
        Please contribute facts you can check — official track lists, release dates and credits —
        and follow the <Link to={paths.rules.href()}>Rules</Link>. Thank you for helping build the
        catalogue!
      </div>
    </InfoPage>
  );
}

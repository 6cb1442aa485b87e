import { CONTACT_EMAIL } from '@earmark/common';
import { InfoPage } from '../components/info-page';

export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      description="What Earmark collects, why, and what you can do about it."
      lead="We collect only what Earmark needs to work. We show no ads, use no third-party trackers and never sell your data."
      updated="January 2026"
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your email address, username, password (stored only as a
          salted hash), and — if you add them — a display name and profile picture.
        </li>
        <li>
          <strong>What you post</strong>: ratings, reviews, tags, track votes, lists, comments,
          follows, reports and catalogue submissions.
        </li>
        <li>
          <strong>Preferences</strong>: which explicit cover art you choose to see, and your colour
          theme if you save it to your account.
        </li>
        <li>
          <strong>Technical data</strong>: IP addresses and request logs, kept for a short time to
          protect the site against abuse (for example rate limits on logins) and to fix errors.
        </li>
      </ul>

      <h2>Cookies and local storage</h2>
      <p>
        Earmark sets a single cookie, <code>earmark_session</code>, which keeps you signed in. It
        cannot be read by scripts and expires after 30 days without use, or when you log out. Your
        browser also remembers your colour theme and menu side in local storage. We use no
        advertising or analytics cookies.
      </p>

      <h2>What is public</h2>
      <p>
        Your username, display name, profile picture, ratings, reviews, published lists, comments,
        follows and catalogue submissions are visible to everyone. Draft lists are visible only to
        you. Your email address is never shown to other members.
      </p>

      <h2>How we use your data</h2>
      <ul>
        <li>To run your account and show your activity on the site.</li>
        <li>
          To send account emails — email confirmation and password resets. We send no newsletters or
          marketing.
        </li>
        <li>To notify you of follows, comments and mentions on the site.</li>
        <li>To enforce the Rules and keep the community safe.</li>
      </ul>

      <h2>Sharing</h2>
      <p>
        We do not sell or rent personal data. We share it only with the providers that host the
        service and deliver its emails, under agreements that limit their use of it, or when the law
        requires us to.
      </p>

      <h2>Your choices and rights</h2>
      <p>
        You can change your username, name, picture and preferences in Settings at any time. You can
        ask us for a copy of your data, or to delete your account, by writing to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. A deleted account is anonymised:
        your personal details are removed, and catalogue contributions stay without your name.
      </p>

      <h2>Retention</h2>
      <p>
        We keep your data while your account exists. Request logs are deleted after a few weeks.
        Backups are overwritten on a rolling basis.
      </p>

      <h2>Changes</h2>
      <p>
        If this policy changes in a way that matters, we will say so on the site before the change
        takes effect. Questions? Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </InfoPage>
  );
}

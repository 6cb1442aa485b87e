import { CONTACT_EMAIL } from '@earmark/common';
import { BadgeUsers } from '../../admin';
import { InfoPage, infoStyles } from '../components/info-page';

export default function SupportUsPage() {
  return (
    <InfoPage
      title="Support us"
      description="Earmark is independent and ad-free. Supporters keep it running and get a Supporter badge."
      lead="Earmark has no ads and does not sell data. It is kept running by the people who use it."
    >
      <h2>Why support Earmark</h2>
      <p>
        Servers, storage for cover art and email delivery cost money every month. Support from
        members pays for them and for the time spent improving the site, so Earmark can stay
        independent, fast and free for everyone to use.
      </p>

      <h2>The Supporter badge</h2>
      <div className={infoStyles.callout}>
        Supporters get a <strong>Supporter</strong> badge next to their name on their profile, so
        everyone can see who helps keep Earmark going. The badge is our thank-you — it does not
        unlock extra features or give more weight to your ratings or votes.
      </div>

      <h2>Our supporters</h2>
      <BadgeUsers
        type="supporter"
        label="Supporters"
        emptyText="There are no supporters yet. You could be the first!"
      />

      <h2>How to become a supporter</h2>
      <p>
        Write to us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> with your Earmark
        username and we will reply with the ways to contribute. Once your support is set up, an
        admin adds the badge to your account.
      </p>

      <h2>Other ways to help</h2>
      <ul>
        <li>Add missing releases and fix mistakes in the catalogue.</li>
        <li>Write reviews and lists that help others discover music.</li>
        <li>Tell your friends about Earmark.</li>
        <li>Report bugs and send feedback — the contact details are in the sidebar menu.</li>
      </ul>
    </InfoPage>
  );
}

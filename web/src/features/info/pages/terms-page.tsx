import { Link } from 'react-router';
import { CONTACT_EMAIL } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { InfoPage } from '../components/info-page';

export default function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      description="The terms for using Earmark."
      lead="By using Earmark you agree to these terms. They are written to be read — please do."
      updated="January 2026"
    >
      <h2>1. Your account</h2>
      <p>
        You need an account to rate, review, list or contribute. Use a real email address you can
        receive mail at, keep your password to yourself, and keep one account per person. You are
        responsible for what happens under your account.
      </p>

      <h2>2. Your content</h2>
      <p>
        You keep the rights to the reviews, lists and comments you write. By posting them you allow
        Earmark to store, display and distribute them on the site, for as long as they are on it.
        Only post what you have the right to post.
      </p>

      <h2>3. Catalogue contributions</h2>
      <p>
        Releases, artists, labels, genres and their details are shared facts that any member may
        correct. By submitting them you agree that they become part of the catalogue, may be edited
        by others, and stay in the catalogue and its history even if you later leave. Only upload
        cover art and images you are allowed to share.
      </p>

      <h2>4. Behaviour</h2>
      <p>
        Follow the <Link to={paths.rules.href()}>Rules</Link>. Do not attempt to break, overload or
        scrape the service, get around its limits, or access accounts or data that are not yours.
      </p>

      <h2>5. Moderation</h2>
      <p>
        We may remove content that breaks these terms or the Rules, and warn or permanently ban
        accounts that do. A ban ends every session of the account and hides its content.
      </p>

      <h2>6. Copyright complaints</h2>
      <p>
        If you believe something on Earmark infringes your rights, write to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> with a link to it and an
        explanation, and we will look into it promptly.
      </p>

      <h2>7. No warranty</h2>
      <p>
        Earmark is provided as it is. We work to keep it available and correct, but we cannot
        promise that it will always be, and catalogue data is contributed by members. To the extent
        the law allows, we are not liable for losses arising from using the site.
      </p>

      <h2>8. Leaving and changes</h2>
      <p>
        You can stop using Earmark and ask us to delete your account at any time. We may update
        these terms; if a change matters, we will announce it on the site before it applies.
        Continuing to use Earmark after that means you accept the new terms.
      </p>

      <p>
        See also the <Link to={paths.privacy.href()}>Privacy Policy</Link>.
      </p>
    </InfoPage>
  );
}

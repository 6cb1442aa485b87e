import { InfoPage, infoStyles } from '../components/info-page';

const RULES = [
  {
    title: 'No trolling or harassing other members',
    text: 'Disagree with opinions, not with people. Insults, threats, slurs, stalking someone across the site, or posting to provoke rather than to discuss are not allowed — in reviews, comments, lists or profiles.',
  },
  {
    title: 'No impersonation',
    text: 'Do not pretend to be another member, an artist, a label or anyone else. Parody and fan accounts must say clearly that they are not the real person.',
  },
  {
    title: 'One account per person',
    text: 'Multiple accounts may not be used to vote on submissions, inflate ratings, like your own lists or get around a warning or ban.',
  },
  {
    title: 'No review bombing',
    text: 'Rate and review music you have actually listened to. Coordinated or mass ratings meant to push a release up or down — for example because of who made it rather than how it sounds — will be removed.',
  },
];

export default function RulesPage() {
  return (
    <InfoPage
      title="Rules"
      description="The four rules every Earmark member agrees to, and how they are enforced."
      lead="Earmark works because people share honest opinions about music. These rules keep it a place where that is possible."
    >
      <h2>The rules</h2>
      <ol className={infoStyles.cards}>
        {RULES.map((rule, index) => (
          <li key={rule.title} className={infoStyles.card}>
            <p className={infoStyles.cardTitle}>
              <span className={infoStyles.cardNumber} aria-hidden="true">
                {index + 1}
              </span>
              {rule.title}
            </p>
            <p>{rule.text}</p>
          </li>
        ))}
      </ol>

      <h2>Enforcement</h2>
      <p>
        Admins review reports and may remove content that breaks a rule. Depending on how serious
        the case is, the member then receives either:
      </p>
      <ul>
        <li>
          <strong>a warning</strong>, for a first or minor breach; or
        </li>
        <li>
          <strong>a permanent ban</strong>, for serious or repeated breaches. A banned account can
          no longer sign in, and its reviews, ratings, lists and comments are hidden from everyone.
        </li>
      </ul>
      <p>
        Ratings and votes that come from multiple accounts or review bombing are removed, whatever
        else happens to the account.
      </p>

      <h2>Feedback</h2>
      <p>
        If you think a rule is unclear, a decision was wrong, or you want to report something we
        missed, get in touch — our contact details are in the sidebar menu.
      </p>
    </InfoPage>
  );
}

import {
  adjectives,
  nonLatin,
  nouns,
  reviewHeadings,
  reviewListItems,
  reviewSentences,
} from './words';

/** A SQL string literal (standard_conforming_strings is on in every supported PostgreSQL). */
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export const textArray = (items: readonly string[]) =>
  `array[${items.map(lit).join(', ')}]::text[]`;

/** One element of `items`, drawn afresh for every row. */
export const pick = (items: readonly string[]) =>
  `(${textArray(items)})[1 + floor(random() * ${items.length})::int]`;

export const nonLatinNames = textArray(nonLatin.map(([name]) => name));
export const nonLatinLatin = textArray(nonLatin.map(([, latin]) => latin));
export const nonLatinCount = nonLatin.length;

/** A short title or name like 'Velvet Harbor', 'The Ghost of Winters'. */
export const titleExpr = `case floor(random() * 4)::int
  when 0 then ${pick(adjectives)} || ' ' || ${pick(nouns)}
  when 1 then ${pick(nouns)}
  when 2 then 'The ' || ${pick(nouns)} || ' of ' || ${pick(nouns)} || 's'
  else ${pick(adjectives)} || ' ' || ${pick(nouns)} || 's' end`;

/**
 * Session set-up of the generator. Foreign-key triggers are off while it
 * loads (session_replication_role = replica): the rows are consistent by
 * construction and checking 3M references one by one would dominate the run.
 * Helper functions live in pg_temp and vanish with the session.
 */
export const sessionSetup = `
set timezone = 'UTC';
set synchronous_commit = off;
set work_mem = '256MB';
set maintenance_work_mem = '512MB';
set session_replication_role = replica;
select setseed(0.4242);

-- Ids of the same length as the application's (12 characters), unique and scattered:
-- multiplying by an odd constant modulo 2^44 is a bijection.
create function pg_temp.bid(prefix text, n bigint) returns text
  language sql immutable
  as $$ select prefix || lpad(to_hex((n * 2654435761) % 17592186044416), 11, '0') $$;

-- A standard normal draw (Box-Muller).
create function pg_temp.gauss() returns float8
  language sql volatile
  as $$ select sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) $$;

-- A review of one to four paragraphs with headings, emphasis, quotes and lists.
-- The "k * 0" ties each paragraph's sub-query to its row, so it is drawn anew.
create function pg_temp.review_text() returns text
  language sql volatile
  as $fn$
    select string_agg(
      case
        when k > 1 and random() < 0.25 then '### ' || ${pick(reviewHeadings)} || E'\\n\\n'
        else ''
      end ||
      case
        when k > 1 and random() < 0.2 then
          (select string_agg('- ' || ${pick(reviewListItems)}, E'\\n')
             from generate_series(1, 2 + (floor(random() * 3) + k * 0)::int))
        else
          case when random() < 0.1 then '> ' else '' end ||
          (select string_agg(${pick(reviewSentences)}, ' ')
             from generate_series(1, 2 + (floor(random() * 5) + k * 0)::int))
      end,
      E'\\n\\n')
    from generate_series(1, 1 + floor(random() * 4)::int) k
  $fn$;
`;

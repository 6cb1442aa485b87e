/**
 * Demo listeners who rate the demo catalogue so that the popular and top
 * lists have something to show. They are ordinary confirmed contributors
 * whose passwords nobody knows and whose addresses cannot receive mail
 * (the .invalid top-level domain never resolves), so nobody can sign in as them.
 */
export interface DemoPerson {
  username: string;
  name: string | null;
  supporter?: boolean;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { username: 'vinylvera', name: 'Vera Lindqvist', supporter: true },
  { username: 'lowend_theory', name: 'Marcus Bell' },
  { username: 'kenji.m', name: 'Kenji Matsuda' },
  { username: 'shoegazer88', name: 'Priya Natarajan' },
  { username: 'dubwise', name: 'Tomás Herrera' },
  { username: 'nightdrive', name: 'Lena Hoffmann', supporter: true },
  { username: 'jazzcat_sam', name: 'Samuel Okafor' },
  { username: 'crate.digger', name: null },
  { username: 'moth-hour', name: 'Ingrid Solberg' },
  { username: 'amira.h', name: 'Amira Haddad' },
  { username: 'postpunkpete', name: 'Pete Donnelly' },
  { username: 'seoul_sound', name: 'Han Ji-woo' },
  { username: 'tapehiss', name: null },
  { username: 'ambient.anna', name: 'Anna Kowalska', supporter: true },
  { username: 'riffmonger', name: 'Dario Russo' },
  { username: 'citypop_kid', name: 'Yui Nakamura' },
  { username: 'deepcuts', name: 'Rafael Costa' },
  { username: 'motorik', name: 'Jonas Weber' },
  { username: 'keisha_b', name: 'Keisha Brown' },
  { username: 'hollowbody', name: 'Ruth Gallagher' },
  { username: 'basslinebenny', name: 'Ben Adeyemi' },
  { username: 'the_lark', name: 'Clara Dubois' },
  { username: 'quietstorm', name: 'Andre Lewis', supporter: true },
  { username: 'fuzzpedal', name: 'Mia Jensen' },
  { username: 'static.bloom', name: null },
  { username: 'grooveline', name: 'Luis Ortega' },
  { username: 'b-side_bea', name: 'Beatrice Moore' },
  { username: 'needledrop', name: 'Oliver Grant' },
  { username: 'kraut.kid', name: 'Felix Braun' },
  { username: 'midnightradio', name: 'Hana Sato' },
  { username: 'slowcore', name: 'Ethan Walsh' },
  { username: 'ade.balogun', name: 'Adewale Balogun' },
  { username: 'sunny.daze', name: 'Chloé Martin' },
  { username: 'echochamber', name: null },
  { username: 'mixtapemaya', name: 'Maya Patel', supporter: true },
  { username: 'wavelength', name: 'Ravi Shah' },
  { username: 'emma_novak', name: 'Emma Novák' },
  { username: 'bjorn.e', name: 'Björn Eriksen' },
  { username: 'drumbreak', name: 'Kwame Mensah' },
  { username: 'polar.vortex', name: 'Aino Virtanen' },
  { username: 'greenroom', name: null },
  { username: 'sol.rivera', name: 'Sol Rivera' },
];

/** Mail to this domain never leaves: `.invalid` is reserved and never resolves. */
export const DEMO_EMAIL_DOMAIN = 'demo.earmark.invalid';

export function demoEmail(username: string): string {
  return `${username.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`;
}

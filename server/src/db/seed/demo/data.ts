import { buildDemoCatalogue, type DemoCatalogue } from './catalogue-data';
import genres from './genres.json';
import languages from './languages.json';
import releases1960s1970s from './releases-1960s-1970s.json';
import releases1980s1990s from './releases-1980s-1990s.json';
import releases2000sNow from './releases-2000s-now.json';

/**
 * The bundled demo catalogue. The JSON files are imported (not read from
 * disk) so the built server carries them inside its bundle; this module is
 * loaded only when a seed actually runs.
 */
export function loadDemoCatalogue(): DemoCatalogue {
  return buildDemoCatalogue({
    genres,
    languages,
    releaseFiles: {
      'releases-1960s-1970s.json': releases1960s1970s,
      'releases-1980s-1990s.json': releases1980s1990s,
      'releases-2000s-now.json': releases2000sNow,
    },
  });
}

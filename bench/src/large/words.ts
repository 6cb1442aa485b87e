/**
 * Vocabulary for the generated catalogue: names and texts read like real
 * ones, so row widths, trigram indexes and JSON payloads have realistic sizes.
 */

/** '|'-separated, so the lists stay compact. */
const list = (words: string) => words.split('|');

export const adjectives = list(
  'Silent|Electric|Golden|Broken|Velvet|Hollow|Crimson|Distant|Neon|Wild|Quiet' +
    '|Burning|Frozen|Paper|Glass|Midnight|Lonely|Bright|Endless|Secret|Violet' +
    '|Sunken|Restless|Faded|Northern|Southern|Young|Ancient|Blue|Black|White' +
    '|Scarlet|Hidden|Falling|Rising|Strange|Gentle|Savage|Lucid|Slow|Heavy|Tender' +
    '|Cosmic|Rusty|Pale|Open|Static|Analog|Copper|Silver',
);

export const nouns = list(
  'Garden|River|Machine|Heart|Mirror|Ocean|Signal|Empire|Dream|Forest|Harbor' +
    '|Engine|Window|Desert|Winter|Summer|Horizon|Shadow|Station|Highway|Island' +
    '|Letter|Echo|Fever|Season|Circuit|Comet|Lantern|Voyage|Tide|Canyon|Parade' +
    '|Ghost|Kingdom|Orchard|Satellite|Cathedral|Motel|Prism|Thunder|Wave|Valley' +
    '|Tower|Harvest|Saint|Stranger|Animal|Daughter|Mountain|City',
);

export const firstNames = list(
  'Ada|Bruno|Clara|Dmitri|Elena|Felix|Grace|Hugo|Ines|Jonas|Kira|Leon|Maya|Nils' +
    '|Olive|Pablo|Quinn|Rosa|Sami|Tessa|Umar|Vera|Wes|Yara|Zoe|Aiko|Bea|Cyrus|Dario' +
    '|Edith|Farah|Gus|Hana|Ivo|Jade|Kofi|Lena|Milo|Nora|Otis',
);

export const lastNames = list(
  'Abbott|Berg|Castillo|Dunn|Eriksen|Fontaine|Gallo|Hart|Ibarra|Jensen|Kowalski' +
    '|Lindqvist|Moreau|Novak|Okafor|Park|Quist|Rivera|Sato|Tanaka|Ulloa|Varga|Walsh' +
    '|Xu|Young|Zeller|Adeyemi|Brandt|Costa|Delacroix|Engel|Fischer|Greco|Holm|Iqbal' +
    '|Jovanovic|Kaur|Laine|Mendes|Nakamura',
);

export const labelWords = list(
  'Northern|Sub|Warp|Rough|Blue|Matador|Domino|Factory|Mute|Ghostly|Hyperdub' +
    '|Kranky|Constellation|Sacred|Stones|Throw|Drag|City|Merge|Saddle|Creek|Fat' +
    '|Possum|Planet|Mu|Lucky|Number|Island|Harvest|Orbit|Tiger|Lantern|Copper|Pine' +
    '|Meadow|Signal|Echo|Arrow|Raven|Cobalt',
);

export const labelSuffixes = ['Records', 'Recordings', 'Music', 'Sound', 'Editions', ''];

export const genreRoots = list(
  'Rock|Pop|Electronic|Hip Hop|Jazz|Folk|Metal|Punk|R&B|Classical|Ambient' +
    '|Experimental|Country|Reggae|Blues|Soul',
);

export const genreModifiers = list(
  'Progressive|Psychedelic|Dark|Experimental|Alternative|Indie|Post-|Neo-|Avant-' +
    '|Acid|Dream|Industrial|Minimal|Lo-fi|Chamber|Noise|Space|Art',
);

/** Non-Latin names and titles with their Latin forms, as the catalogue requires for them. */
export const nonLatin: [string, string][] = [
  ['夜の街', 'Yoru no Machi'],
  ['青い鳥', 'Aoi Tori'],
  ['星を数えて', 'Hoshi o Kazoete'],
  ['사랑의 노래', 'Sarangui Norae'],
  ['밤하늘', 'Bamhaneul'],
  ['Звезда', 'Zvezda'],
  ['Белые ночи', 'Belye Nochi'],
  ['Кино', 'Kino'],
  ['東京', 'Tokyo'],
  ['바다', 'Bada'],
];

/** Sentences reviews are assembled from, with some markdown. */
export const reviewSentences = list(
  'The opening track sets the tone with a slow build that pays off beautifully.' +
    '|Production is **warm and spacious**, every instrument has room to breathe.' +
    '|I was not sure about the middle section at first, but it grew on me after a few listens.' +
    '|The vocals sit a little too low in the mix for my taste.' +
    '|This is the kind of record you put on late at night and let play through.' +
    '|There is a restlessness here that the band never quite had before.' +
    '|The second half drags, with two or three songs that feel like sketches.' +
    '|Lyrically it is *their most personal work* so far.' +
    '|The closer is one of the best songs of the decade, no exaggeration.' +
    '|It borrows a lot from its influences, but it wears them well.' +
    '|Drums are crisp, the bass is huge, and the hooks keep coming.' +
    '|Somewhere between a diary and a dance floor.' +
    '|Not a perfect album, but a brave one.' +
    '|Every listen reveals another small detail in the arrangements.' +
    '|It sounds like nothing else that came out that year.',
);

export const reviewHeadings = ['Highlights', 'The sound', 'Verdict', 'Lyrics', 'Low points'];

export const reviewListItems = list(
  'the title track|the interlude halfway through|the string arrangement on side B' +
    '|the guitar tone|the last three songs|the drum programming|the harmonies',
);

/** What listeners tag their own entries with. */
export const tagNames = list(
  'favourites|owned on vinyl|cd|cassette|to revisit|late night|summer|winter|road trip' +
    '|workout|rainy day|desert island|gifted|seen live|guilty pleasure|headphones' +
    '|sunday morning|study|grower|overrated|underrated|nostalgia|2am|party',
);

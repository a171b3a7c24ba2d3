// The belongings demo's words (issue 17 "Demo data"), invented: Riverbend's belongings held by
// two invented museums, nothing of any real community or collection.

export const TYPE_VALUES: readonly [string, string][] = [
  ['REGALIA', 'Regalia'],
  ['CLOTHING', 'Clothing'],
  ['BASKETRY', 'Basketry'],
  ['TOOL', 'Tools and utensils'],
  ['CEREMONIAL', 'Ceremonial'],
  ['MODEL', 'Models and miniatures'],
];

/** The repatriation workflow's states (its `_wf.state`), with their place in a lifecycle. */
export const WF_STATE_VALUES: readonly [string, string, string][] = [
  ['REQUESTED', 'Request sent', 'INIT'],
  ['RESEARCHED', 'Research done', 'IN_PROGRESS'],
  ['AGREED', 'Return agreed', 'IN_PROGRESS'],
  ['IN_TRANSIT', 'On the way home', 'IN_PROGRESS'],
  ['RETURNED', 'Home', 'DONE'],
];

export interface DemoBelonging {
  key: string;
  title: string;
  museum: 'royal' | 'eastern';
  status?: string;
  types: string[];
  description: string;
  maker?: string;
  dateMade?: string;
  materials?: string[];
  accessionNumber: string;
  institutionLocation?: string;
  needsAttention?: boolean;
  needsAttentionComment?: string;
}

export const BELONGINGS: readonly DemoBelonging[] = [
  {
    key: 'bag',
    title: 'Beaded bandolier bag',
    museum: 'royal',
    types: ['REGALIA'],
    description: 'A shoulder bag with floral beadwork, worn at gatherings. Collected in 1911.',
    maker: 'A Riverbend beadworker (name not recorded)',
    dateMade: 'about 1900',
    materials: ['glass beads', 'wool cloth', 'cotton'],
    accessionNumber: 'RPM 1911.44.2',
    institutionLocation: 'Ethnology vault, cabinet 12',
  },
  {
    key: 'basket',
    title: 'Cedar bark basket',
    museum: 'eastern',
    status: 'LONG_TERM_LOAN',
    types: ['BASKETRY'],
    description: 'A lidded basket for dried berries, lent to the community school for the long term.',
    dateMade: 'before 1920',
    materials: ['cedar bark', 'spruce root'],
    accessionNumber: 'EUMA 34-118',
  },
  {
    key: 'ladle',
    title: 'Carved feast ladle',
    museum: 'eastern',
    status: 'REPATRIATED',
    types: ['TOOL', 'CEREMONIAL'],
    description: 'A ladle carved from mountain-goat horn, returned home in 2024.',
    materials: ['horn'],
    accessionNumber: 'EUMA 12-007',
  },
  {
    key: 'jacket',
    title: 'Moosehide jacket',
    museum: 'royal',
    status: 'IN_TRANSIT',
    types: ['CLOTHING'],
    description: 'A smoked moosehide jacket with quillwork on the yoke.',
    materials: ['moosehide', 'porcupine quills'],
    accessionNumber: 'RPM 1923.3.1',
  },
  {
    key: 'rattle',
    title: 'Ceremonial rattle',
    museum: 'royal',
    status: 'DENIED',
    types: ['CEREMONIAL'],
    description: 'Only the Elders speak of this rattle; its request was refused in 2019.',
    accessionNumber: 'RPM 1908.1.19',
    needsAttention: true,
    needsAttentionComment: 'The museum has a new director: ask again.',
  },
  {
    key: 'canoe',
    title: 'Birchbark canoe model',
    museum: 'eastern',
    status: 'SHORT_TERM_LOAN',
    types: ['MODEL'],
    description: 'A model canoe lent for the summer exhibition at the band office.',
    materials: ['birchbark', 'spruce gum'],
    accessionNumber: 'EUMA 51-230',
  },
  {
    key: 'pouch',
    title: 'Quilled medicine pouch',
    museum: 'royal',
    types: ['REGALIA'],
    description: 'A small pouch with dyed quillwork. Not yet requested.',
    materials: ['hide', 'porcupine quills'],
    accessionNumber: 'RPM 1930.12.5',
    institutionLocation: 'Gallery 3, case 7',
  },
];

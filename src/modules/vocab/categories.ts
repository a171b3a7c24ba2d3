// Vocabulary categories (spec capability-modules §3: VOC_CATEGORIES "animals, body, colours, food,
// numbers, plants, time and others, with subcategories"; the full list is ours, docs/vocabulary.md).
// A Lexeme's `categories` is a list of values of the owning organisation's list VOC_CATEGORIES:
// these are the keys the module proposes (the demo seeds them, an admin installs them or adds
// their own in admin.lovs). A subcategory's key is its category's key, a dot, and its own:
// `ANIMALS.BIRDS`, so a search for a category's values can name a whole branch.

export const VOC_LIST = 'VOC_CATEGORIES';

export const VOC_CATEGORIES: Readonly<Record<string, { en: string; sub: Readonly<Record<string, string>> }>> =
  {
    ANIMALS: {
      en: 'Animals',
      sub: {
        MAMMALS: 'Mammals',
        BIRDS: 'Birds',
        FISH: 'Fish',
        INSECTS: 'Insects',
        SEA_LIFE: 'Sea life',
        REPTILES_AMPHIBIANS: 'Reptiles and amphibians',
      },
    },
    BODY: {
      en: 'Body',
      sub: { PARTS: 'Parts of the body', HEALTH: 'Health and medicine', SENSES: 'Senses' },
    },
    CLOTHING: { en: 'Clothing', sub: { GARMENTS: 'Garments', REGALIA: 'Regalia', ADORNMENT: 'Adornment' } },
    COLOURS: { en: 'Colours', sub: { BASIC: 'Basic colours', SHADES: 'Shades and patterns' } },
    EMOTIONS: { en: 'Feelings', sub: { FEELINGS: 'Feelings', CHARACTER: 'Character' } },
    FAMILY: {
      en: 'Family and people',
      sub: { KINSHIP: 'Kinship', PEOPLE: 'People', NAMES: 'Names and titles' },
    },
    FOOD: {
      en: 'Food',
      sub: { HARVEST: 'Harvesting', PREPARATION: 'Preparation', MEALS: 'Meals', DRINK: 'Drink' },
    },
    GREETINGS: {
      en: 'Greetings and phrases',
      sub: { GREETINGS: 'Greetings', COURTESY: 'Courtesy', QUESTIONS: 'Questions' },
    },
    HOME: { en: 'Home and tools', sub: { DWELLING: 'Dwelling', TOOLS: 'Tools', CONTAINERS: 'Containers' } },
    LAND: {
      en: 'Land and water',
      sub: { LANDFORMS: 'Landforms', WATER: 'Water', PLACES: 'Places', DIRECTIONS: 'Directions' },
    },
    NUMBERS: {
      en: 'Numbers',
      sub: { COUNTING: 'Counting', ORDINALS: 'Order', MEASURES: 'Measures', MONEY: 'Money' },
    },
    PLANTS: {
      en: 'Plants',
      sub: { TREES: 'Trees', BERRIES: 'Berries', MEDICINES: 'Medicines', ROOTS: 'Roots and shoots' },
    },
    SKY: { en: 'Sky and weather', sub: { WEATHER: 'Weather', SKY: 'Sky', SEASONS: 'Seasons' } },
    TIME: {
      en: 'Time',
      sub: { DAYS: 'Days', MONTHS: 'Months and moons', TIME_OF_DAY: 'Time of day', CALENDAR: 'Calendar' },
    },
    TRAVEL: { en: 'Travel', sub: { CANOE: 'Canoes and boats', TRAILS: 'Trails', MOVEMENT: 'Movement' } },
    ACTIVITIES: {
      en: 'Activities',
      sub: { WORK: 'Work', PLAY: 'Play and games', SONG_DANCE: 'Song and dance', LEARNING: 'Learning' },
    },
  };

/** Every proposed entry of the list, categories and their subcategories, with its English label. */
export function vocabCategoryEntries(): { key: string; en: string }[] {
  return Object.entries(VOC_CATEGORIES).flatMap(([key, c]) => [
    { key, en: c.en },
    ...Object.entries(c.sub).map(([k, en]) => ({ key: `${key}.${k}`, en: `${c.en} › ${en}` })),
  ]);
}

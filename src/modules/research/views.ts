import type { CardDecl, DashboardDecl } from '../../kernel/dashboard';
import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';
import { GEDCOM_IMPORT_KIND, RESEARCH_CSV_IMPORT_KIND } from './types';

// The research views as data (spec capability-modules §2 "Research (group research)"): shown
// to admins and holders of the Research capability, and only on a deployment whose key
// capabilities name Research (keyCap, docs/decisions.md "dedicated deployments").

export const RESEARCH_CAPABILITY = 'Research';
export const DASHBOARD_VIEW = 'research.dashboard';
export const PROJECTS_VIEW = 'research.projects';
export const ACTIVITIES_VIEW = 'research.activities';
export const DATA_VIEW = 'research.data';
export const MEMBERS_VIEW = 'research.community-members';
export const IMPORTS_VIEW = 'research.imports';
export const SPECIES_VIEW = 'research.species';
export const TOPICS_VIEW = 'research.topics';
/** The research dashboard's key (the view research.dashboard shows it). */
export const RESEARCH_DASHBOARD = 'research';

const GATE = { capability: RESEARCH_CAPABILITY, keyCap: RESEARCH_CAPABILITY } as const;

const list = (
  name: string,
  icon: string,
  types: string[],
  sort: { key: string; order: 'asc' | 'desc' },
  extra: Partial<NonNullable<ViewDecl['list']>> = {},
): ViewDecl => ({
  name,
  titleKey: `nav.${name.replace('.', '_')}`,
  icon,
  width: 'TWO_THIRDS',
  inNav: true,
  ...GATE,
  list: { types, defaultSort: [sort], displayAs: 'LIST', dateKey: '_c.ts', create: true, ...extra },
});

export const researchViews: readonly ViewDecl[] = [
  {
    name: DASHBOARD_VIEW,
    titleKey: 'nav.research_dashboard',
    icon: 'SpaceDashboard',
    width: 'FULL',
    inNav: true,
    ...GATE,
    dashboard: RESEARCH_DASHBOARD,
  },
  list(PROJECTS_VIEW, 'TravelExplore', ['ResearchProject'], { key: 'start', order: 'desc' }),
  list(ACTIVITIES_VIEW, 'RecordVoiceOver', ['ResearchActivity'], { key: 'start', order: 'desc' }),
  list(
    DATA_VIEW,
    'PinDrop',
    ['ResearchData'],
    { key: 'siteCode', order: 'asc' },
    // The coded-data import (docs/research-import.md), recorded as RESEARCH_CSV Imports.
    { displayAs: 'TABLE', csvImport: RESEARCH_CSV_IMPORT_KIND },
  ),
  list(MEMBERS_VIEW, 'FamilyRestroom', ['CommunityMember'], { key: 'fullName', order: 'asc' }),
  list(
    IMPORTS_VIEW,
    'ListAlt',
    ['Import'],
    { key: '_c.ts', order: 'desc' },
    {
      must: { kind: [GEDCOM_IMPORT_KIND] },
      createDefaults: { kind: GEDCOM_IMPORT_KIND },
    },
  ),
  list(
    SPECIES_VIEW,
    'Forest',
    ['ResearchSpecies'],
    { key: 'commonName', order: 'asc' },
    { displayAs: 'TABLE' },
  ),
  list(TOPICS_VIEW, 'Topic', ['ResearchTopic'], { key: 'title', order: 'asc' }),
];

export const researchNav: readonly NavEntry[] = [
  { path: 'research', group: true, ...GATE },
  ...researchViews.map((v) => ({ path: v.name, ...GATE })),
];

export const researchDashboards: readonly DashboardDecl[] = [
  { key: RESEARCH_DASHBOARD, location: 'RESEARCH', titleKey: 'nav.research_dashboard' },
];

// The dashboard (issue 18): the study's activity over time, the latest interviews, the data by
// topic. Each card reads through search/ids or an act that counts through the policy's SQL form,
// so a card shows only what the person may read.
export const researchCards: readonly CardDecl[] = [
  {
    id: 'research.desk.chart',
    dashboard: RESEARCH_DASHBOARD,
    titleKey: 'research.desk.chart',
    kind: 'chart',
    width: 'TWO_THIRDS',
    height: 5,
    order: 10,
    ...GATE,
    emptyKey: 'research.desk.chartEmpty',
    settings: {
      act: 'resActivityChart',
      watch: ['ResearchActivity', 'ResearchData'],
      listView: ACTIVITIES_VIEW,
    },
  },
  {
    id: 'research.desk.recent',
    dashboard: RESEARCH_DASHBOARD,
    titleKey: 'research.desk.recent',
    kind: 'search',
    width: 'THIRD',
    height: 5,
    order: 20,
    ...GATE,
    emptyKey: 'research.desk.recentEmpty',
    emptyAction: { labelKey: 'research.desk.newInterview', view: ACTIVITIES_VIEW },
    settings: {
      query: { types: ['ResearchActivity'], sort: [{ key: 'start', order: 'desc' }], max: 8 },
      listView: ACTIVITIES_VIEW,
    },
  },
  {
    id: 'research.desk.topics',
    dashboard: RESEARCH_DASHBOARD,
    titleKey: 'research.desk.topics',
    kind: 'chart',
    width: 'FULL',
    height: 5,
    order: 30,
    ...GATE,
    emptyKey: 'research.desk.topicsEmpty',
    settings: { query: { types: ['ResearchData'] }, facet: 'topics', listView: DATA_VIEW },
  },
];

/** The words the drawer, the lists and the dashboard need before the module's half loads. */
export const researchTitles: Readonly<Record<string, string>> = {
  'nav.research': 'Research',
  'nav.research_dashboard': 'Research dashboard',
  'nav.research_projects': 'Projects',
  'nav.research_activities': 'Interviews',
  'nav.research_data': 'Data points',
  'nav.research_community-members': 'Community members',
  'nav.research_imports': 'Genealogy imports',
  'nav.research_species': 'Species',
  'nav.research_topics': 'Topics',
  'research.desk.chart': 'Interviews and data points by month',
  'research.desk.chartEmpty': 'No interview or data point yet.',
  'research.desk.chart.interviews': 'Interviews',
  'research.desk.chart.data': 'Data points',
  'research.desk.chart.interviewsTotal': 'Interviews in these 12 months: {{value}}',
  'research.desk.chart.dataTotal': 'Data points in these 12 months: {{value}}',
  'research.desk.recent': 'Recent interviews',
  'research.desk.recentEmpty': 'No interview yet.',
  'research.desk.newInterview': 'Record an interview',
  'research.desk.topics': 'Data points by topic',
  'research.desk.topicsEmpty': 'No data point has a topic yet.',
};

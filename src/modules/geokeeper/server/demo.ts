import { sql } from 'drizzle-orm';
import {
  addOrgCapabilities,
  loadPrincipal,
  query,
  seedListValues,
  SYSTEM,
  type DemoSeed,
  type ItemService,
} from '../../../server/module-api';
import { DEFAULT_GEOKEEPER_LISTS } from '../lists';
import { FIELDWORK_WORKFLOW, fieldworkSteps } from './fieldwork';
import { GEOKEEPER_CAPABILITY } from '../views';

// The GeoKeeper demo (issue 20 "Demo data"): Riverbend's invented Beaver Creek monitoring program,
// ASSIGNED: its field monitor (the community member Daniel Crow, assigned to the work item) reads
// the program, its two forms, the work item and the reference, and the trip and three records he
// collected; the lands staff read it all (PROTECTED); the proponent and the regulator none of it.
// A fieldwork job, made from the pipeline's crossing consultation, names Northern Pipeline as the
// external party, which reads neither the job nor its field data.

const MONITOR = 'member@riverbend.example';
const OFFICER = 'lands.officer@riverbend.example';

/** Near the demo's other places (spatial's Willow Creek moose lick, the research study area). */
const CROSSING: [number, number] = [-120.74, 56.2];
const RECORDS = [
  {
    label: 'Silt fence down at the east bank',
    at: [-120.742, 56.2015] as [number, number],
    categories: ['DISTURBANCE', 'COMPLIANCE'],
    answers: {
      observation: 'Silt fence flattened for about 20 m; muddy runoff into the creek.',
      turbid: 'yes',
    },
  },
  {
    label: 'Moose tracks on the right-of-way',
    at: [-120.7385, 56.1992] as [number, number],
    categories: ['WILDLIFE'],
    answers: { observation: 'Fresh cow and calf tracks over the cleared strip northward.', turbid: 'no' },
  },
  {
    label: 'Water sample below the culvert',
    at: [-120.7402, 56.1978] as [number, number],
    categories: ['WATER'],
    answers: { observation: 'Water cloudy 200 m downstream; sample bottle 3 taken.', turbid: 'yes' },
  },
];

/**
 * The two forms' fields (the form engine's definitions): what the collection screen asks. The
 * records above answer `observation` and `turbid`; the trip `crew` and `weather`.
 */
const DEMO_DEFINITIONS: Record<string, unknown> = {
  bc_trip: {
    title: 'Monitoring trip',
    fields: [
      { name: 'crew', kind: 'text', label: 'Who went', required: true },
      { name: 'weather', kind: 'text', label: 'Weather' },
    ],
    lists: {},
  },
  bc_observation: {
    title: 'Site observation',
    fields: [
      { name: 'observation', kind: 'text', label: 'What did you see?', required: true },
      { name: 'turbid', kind: 'select_one', label: 'Is the water cloudy?', choices: { list: 'yes_no' } },
      {
        name: 'sample',
        kind: 'integer',
        label: 'Sample bottle number',
        relevant: "${turbid} = 'yes'",
        constraint: '. > 0 and . < 100',
        constraintMessage: 'A bottle number is 1 to 99',
      },
      { name: 'photo', kind: 'photo', label: 'Photo' },
      { name: 'sound', kind: 'audio', label: 'Sound (optional)' },
    ],
    lists: {
      yes_no: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  },
};

export async function seedGeoKeeperDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const pipeline = demo.ids.get('org.pipeline');
  const monitorId = demo.ids.get(`user.${MONITOR}`);
  const officerId = demo.ids.get(`user.${OFFICER}`);
  if (!riverbend || !monitorId || !officerId) return;
  // The setting a COMMUNITY organisation may hold: every Riverbend member holds GeoKeeper.
  await addOrgCapabilities(items, riverbend, GEOKEEPER_CAPABILITY);
  for (const [list, values] of Object.entries(DEFAULT_GEOKEEPER_LISTS))
    await seedListValues(items, riverbend, list, values);

  const officer = (await loadPrincipal(items.db, officerId))!;
  const monitor = (await loadPrincipal(items.db, monitorId))!;
  const create = async (p: typeof officer, type: string, data: Record<string, unknown>) =>
    (await items.create(p, type, data)).$id;

  const program = await create(officer, 'GeoKeeperProgram', {
    label: 'Beaver Creek culvert monitoring',
    description:
      'Community monitors walk the pipeline’s Beaver Creek culvert weekly during construction: erosion control, water, wildlife and the conditions of the permit.',
    access: 'ASSIGNED',
    state: 'ACTIVE',
  });
  const formDef = (machineName: string, label: string, formType: string, description: string) =>
    create(officer, 'GeoKeeperFormDef', {
      label,
      machineName,
      formType,
      description,
      program,
      state: 'ACTIVE',
      version: 1,
      definition: DEMO_DEFINITIONS[machineName],
      // A trip's form takes no photos or videos (no maximum set: none).
      ...(formType === 'RECORD' ? { maxPhotos: 5, maxVideos: 1 } : {}),
    });
  const tripForm = await formDef('bc_trip', 'Monitoring trip', 'TRIP', 'Who went, when, and the weather.');
  const recordForm = await formDef(
    'bc_observation',
    'Site observation',
    'RECORD',
    'One observation at the culvert: what was seen, photos, and whether the water was cloudy.',
  );
  const workItem = await create(officer, 'GeoKeeperWorkItem', {
    label: 'Weekly walk of the Beaver Creek culvert',
    program,
    lockToTrip: true,
    state: 'ACTIVE',
    assignees: [monitorId],
    spatial: { type: 'Point', coordinates: CROSSING },
    description: 'Walk both banks 300 m up and down stream; record every erosion or wildlife sign.',
  });
  await create(officer, 'GeoKeeperReference', {
    label: 'Fish spawning bed below the culvert (baseline)',
    program,
    state: 'ACTIVE',
    spatial: { type: 'Point', coordinates: [-120.7398, 56.1971] },
    description: 'Arctic grayling spawn here in May: compare the water with the spring baseline.',
  });

  // The monitor's trip and its three records, collected with the forms' first version.
  const collected = (minutes: number) => new Date(Date.UTC(2026, 9, 14, 16, minutes)).toISOString();
  const trip = await create(monitor, 'GeoKeeperFieldData', {
    label: 'Culvert walk, 14 October',
    formType: 'TRIP',
    formDef: tripForm,
    formVersion: 1,
    program,
    workItem,
    state: 'ACTIVE',
    collected: collected(0),
    formInstance: { formData: { crew: 'Daniel Crow', weather: 'Overcast, light rain' } },
    spatial: { type: 'LineString', coordinates: RECORDS.map((r) => r.at) },
  });
  for (const [i, r] of RECORDS.entries())
    await create(monitor, 'GeoKeeperFieldData', {
      label: r.label,
      formType: 'RECORD',
      formDef: recordForm,
      formVersion: 1,
      program,
      workItem,
      trip,
      state: 'ACTIVE',
      collected: collected(10 + i * 25),
      categories: r.categories,
      formInstance: { formData: r.answers },
      spatial: { type: 'Point', coordinates: r.at },
    });

  // The fieldwork job from the crossing consultation, for the pipeline company.
  const consultation = demo.ids.get('consultation.crossing');
  const [karen] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'Contact' and data->>'email' = 'proponent@northernpipeline.example' limit 1`,
  );
  await items.create(
    SYSTEM,
    'GeoKeeperFieldwork',
    {
      label: 'Monitor the Beaver Creek culvert construction',
      ownedBy: riverbend,
      ...(pipeline ? { externalParty: pipeline } : {}),
      ...(karen ? { externalNotify: karen.id } : {}),
      ...(consultation ? { createdFrom: consultation } : {}),
      program,
      '_wf.state': 'COLLECTING',
      description: 'Weekly monitoring while the culvert is built, a report at the end, and an invoice.',
    },
    { actor: officerId, owner: riverbend },
  );
  demo.ids.set('geokeeper.program', program);

  // Riverbend's default fieldwork workflow, its steps the lands officer's: a job started from a
  // response's RWF_FIELDWORK step runs it (docs/geokeeper.md "Fieldwork jobs").
  await items.create(officer, 'Workflow', {
    ...FIELDWORK_WORKFLOW,
    appliesTo: 'GeoKeeperFieldwork',
    isDefault: true,
    steps: fieldworkSteps(officerId),
  });
}

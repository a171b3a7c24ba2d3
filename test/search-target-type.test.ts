import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../src/protocol/query';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { demoIn } from './helpers/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// `<relation>.$type` (server/search/keys.ts) and a list's `mustAny` (kernel/view.ts), as
// consult.communications uses them: threads about a consultation or a response, and every
// communication log entry; a member's other conversations are not consultation work.

type Ids = { ids: string[]; total: number };

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let proponent: WsClient;
const made: Record<string, string> = {};

/** The query the communications list sends (search-model.ts buildQuery, without facets). */
function communicationsQuery(): SearchQuery {
  const decl = server.app.services.registry.views.get('consult.communications')?.list;
  if (!decl?.mustAny) throw new Error('consult.communications declares no mustAny');
  return {
    must: { _t: [...(decl.types ?? [])] },
    subs: [{ subsShould: decl.mustAny.map((m) => ({ must: { ...m } as SearchQuery['must'] })) }],
    max: 100,
  };
}

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  officer = (await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD)).client;
  proponent = (await connectAs(server, 'proponent@northernpipeline.example', DEMO_PASSWORD)).client;
  const first = async (t: string) =>
    (await officer.call<Ids>('search/ids', { must: { _t: [t] }, max: 1 })).ids[0]!;
  const consultation = await first('Consultation');
  const response = await first('ConsultResponse');
  const thread = async (key: string, context?: string) => {
    made[key] = (
      await officer.call<{ $id: string }>('create/Thread', {
        subject: `Target type ${key}`,
        $access: 'PROTECTED',
        ...(context ? { context } : {}),
      })
    ).$id;
  };
  await thread('aboutConsultation', consultation);
  await thread('aboutResponse', response);
  await thread('aboutNothing');
  await thread('aboutAnotherThread', made.aboutNothing);
  made.log = (
    await officer.call<{ $id: string }>('create/CommLog', {
      subject: 'Target type call with the proponent',
      date: '2026-11-30T15:00:00.000Z',
    })
  ).$id;
});

afterAll(async () => {
  await officer?.close();
  await proponent?.close();
  await server?.close();
  await tdb?.close();
});

describe('consult.communications', () => {
  it('lists threads about a consultation or a response, and every log entry, and no other thread', async () => {
    const r = await officer.call<Ids>('search/ids', communicationsQuery());
    expect(r.ids).toEqual(expect.arrayContaining([made.aboutConsultation, made.aboutResponse, made.log]));
    expect(r.ids).not.toContain(made.aboutNothing);
    expect(r.ids).not.toContain(made.aboutAnotherThread);
    expect(r.total).toBe(r.ids.length);
  });

  it('still shows an outside party none of the community’s threads or log entries', async () => {
    const r = await proponent.call<Ids>('search/ids', communicationsQuery());
    for (const id of Object.values(made)) expect(r.ids).not.toContain(id);
  });
});

describe('<relation>.$type', () => {
  it('filters by the type of the item a relation names', async () => {
    const r = await officer.call<Ids>('search/ids', {
      must: { _t: ['Thread'], 'context.$type': ['Thread'] },
      max: 100,
    });
    expect(r.ids).toEqual([made.aboutAnotherThread]);
  });

  it('is refused on a property that is no relation, and as a facet or a sort', async () => {
    for (const q of [
      { must: { _t: ['Thread'], 'subject.$type': ['Thread'] } },
      { must: { _t: ['Thread'] }, facets: ['context.$type'] },
      { must: { _t: ['Thread'] }, sort: [{ key: 'context.$type', order: 'asc' }] },
    ])
      await expect(officer.call('search/ids', q)).rejects.toThrow(/invalidInput/);
  });
});

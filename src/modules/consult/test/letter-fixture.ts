import { SYSTEM } from '../../../server/access/principal';
import { fileKey } from '../../../server/files/storage';
import { makeOrg, makeUser, PASSWORD, setCapabilities } from '../../../../test/helpers/fixtures';
import type { TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// What the response-letter tests share: calls over the socket, an organisation's capabilities,
// a stored file's bytes, and a community's response with a letter proposed on it.

export type Body = Record<string, unknown>;

/** A call that must succeed; its reply. */
export async function ok(c: WsClient, o: string, b?: unknown): Promise<Body> {
  const r = (await c.request(o, b)).b as Body;
  if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
  return r;
}

/** A call that must be refused; its reply. */
export async function fail(c: WsClient, o: string, b?: unknown): Promise<Body> {
  const r = (await c.request(o, b)).b as Body;
  if (!r.erred) throw new Error(`${o} should have been refused: ${JSON.stringify(r)}`);
  return r;
}

/** The bytes of an Attachment's stored file. */
export async function bytesOf(server: TestServer, attachment: string): Promise<Buffer> {
  const { services } = server.app;
  const row = await services.items.read(SYSTEM, attachment);
  const chunks: Buffer[] = [];
  for await (const c of await services.files.read(fileKey(String(row.fileID))))
    chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export interface LetterWorld {
  riverbend: string;
  pipeline: string;
  /** The community's editor, who drafts and sends; and its staff member, who approves. */
  officer: { id: string; email: string; ws: WsClient };
  approver: { id: string; email: string; ws: WsClient };
  response: string;
  template: string;
  letter: string;
}

/**
 * Riverbend (holding ResponseLetter) answering Northern Pipeline's referral: the response, a
 * template, a workflow of propose → approve → send, and a letter proposed from the template.
 * `beforeLetter` runs once the template exists (a test gives it a letterhead there). The steps
 * are left pending: each test completes them as it needs.
 */
export async function letterWorld(
  server: TestServer,
  beforeLetter?: (w: Omit<LetterWorld, 'letter'>) => Promise<void>,
): Promise<LetterWorld> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCapabilities(items, riverbend, ['Consult', 'ConsultRespond', 'ResponseLetter']);
  await setCapabilities(items, pipeline, ['Consult', 'ConsultDrafts']);
  const o = await makeUser(items, [[riverbend, 'editor']]);
  const a = await makeUser(items, [[riverbend, 'staff']]);
  const officer = { ...o, ws: (await connectAs(server, o.email, PASSWORD)).client };
  const approver = { ...a, ws: (await connectAs(server, a.email, PASSWORD)).client };
  const made = await ok(officer.ws, 'create/Consultation', {
    owner: riverbend,
    submittedTo: riverbend,
    primaryOrg: pipeline,
    projectName: 'North Loop expansion',
  });
  await ok(officer.ws, 'act/cnsSubmit', { consultation: made.$id });
  const d = await ok(officer.ws, 'act/cnsDistribute', { consultation: made.$id, communities: [riverbend] });
  const response = (d.responses as string[])[0]!;
  const template = String(
    (
      await ok(officer.ws, 'create/LetterTemplate', {
        owner: riverbend,
        title: 'Response',
        body: 'Dear {{addressee.name}},\n\nSincerely,',
      })
    ).$id,
  );
  const world = { riverbend, pipeline, officer, approver, response, template };
  await beforeLetter?.(world);
  const wf = await ok(officer.ws, 'create/Workflow', {
    owner: riverbend,
    label: 'Letter',
    appliesTo: 'ConsultResponse',
    steps: [
      { id: 'p', kind: 'RWF_LETTER_PROPOSE', label: 'Propose', rule: 'next', assignee: { user: o.id } },
      { id: 'a', kind: 'RWF_LETTER_APPROVE', label: 'Approve', rule: 'next', assignee: { user: a.id } },
      { id: 's', kind: 'RWF_LETTER_SEND', label: 'Send', rule: 'next' },
    ],
  });
  await ok(officer.ws, 'act/wfSet', { item: response, workflow: wf.$id });
  const letter = String((await ok(officer.ws, 'act/rwfLetterPropose', { response, template })).$id);
  return { ...world, letter };
}

import { randomBytes } from 'node:crypto';
import { SYSTEM } from '../../src/server/access/principal';
import { loadPrincipal } from '../../src/server/auth/principals';
import { fileKey } from '../../src/server/files/storage';
import { loadRow } from '../../src/server/items/rows';
import type { Rng } from './prng';
import { call, LEVELS, PEOPLE, secretWord, type Act, type Who, type World } from './invariant-world';

// The invariant's "send" (issue 36, Deliver 14): a response's files copied onto a message for the
// proponent (consult's rwfSendResponse). The world gains a consultation distributed to Riverbend,
// and its response holds files of varied levels and protocols whose names and bytes are secrets.
//
// The oracle. A file sent is meant for the proponent: at the send's own step, its copy may be
// read by those who could read the file and by the proponent's people it was addressed to, and
// nobody else (the check after the act). From the next step on the copy is the proponent
// thread's content: whoever shares that thread (a grant, a wider level) shares it deliberately,
// as a reply in it (Secret.later).

/** Sets the organisations' consult capabilities, then a consultation and Riverbend's response. */
export async function makeConsultation(w: World, rng: Rng): Promise<void> {
  const items = w.app.services.items;
  const caps: [string, string[]][] = [
    [w.orgs.riverbend, ['Consult', 'ConsultRespond']],
    [w.orgs.pipeline, ['Consult', 'ConsultDrafts']],
  ];
  for (const [org, capabilities] of caps) {
    const row = await items.read(SYSTEM, org);
    await items.update(SYSTEM, { $id: org, $version: row.$version, capabilities });
  }
  // The open sessions learn of the capabilities through the node's reload (on PostgreSQL a
  // NOTIFY away): until then the create is refused, so it is asked again for a while.
  let c: Awaited<ReturnType<typeof call>> = null;
  for (let i = 0; i < 100 && !c; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    c = await call(w, 'proponent', 'create/Consultation', {
      projectName: 'Ridge road',
      primaryOrg: w.orgs.pipeline,
      submittedTo: w.orgs.riverbend,
    });
  }
  if (!c || !(await call(w, 'proponent', 'act/cnsSubmit', { consultation: c.$id }))) return;
  const d = await call(w, 'orgAdmin', 'act/cnsDistribute', {
    consultation: c.$id,
    communities: [w.orgs.riverbend],
  });
  const response = (d?.responses as string[] | undefined)?.[0];
  if (!response) return;
  w.response = response;
  w.items.push(response);
  // Three files: one open, one restricted to the Elders, one of a random level (a file's own
  // level counts for nothing: it follows the response).
  const restrictions = [{}, { $protocols: [w.elders] }, { $access: rng.pick(LEVELS) }];
  for (const extra of restrictions) {
    const word = secretWord(rng);
    const fileID = randomBytes(16).toString('hex');
    const bytes = Buffer.from(`Field notes ${word}\n`, 'utf8');
    await w.app.services.files.write(fileKey(fileID), bytes);
    const file = (
      await items.create(SYSTEM, 'Attachment', {
        originalName: `notes-${word}.txt`,
        rel: response,
        fileID,
        filetype: 'text/plain',
        size: bytes.length,
        ...extra,
      })
    ).$id;
    w.items.push(file);
    w.files.push(file);
    w.secrets.push({ word, source: file, holder: file, current: true, readers: new Set() });
  }
  // One send in the world from the start, so every seed checks a copy on every path.
  await sendFiles(w, 'orgAdmin', [w.files[0]!]);
}

/** rwfSendResponse of one or two of the response's files, by anyone (most are refused). */
export const send: Act = async (w, rng, who) => {
  const own = w.files.filter((f) => w.secrets.some((s) => s.holder === f && s.source === f));
  if (!own.length) return false;
  // Mostly one file: two are refused more often (either may be closed to the thread).
  return sendFiles(w, who, [...new Set(rng.chance(0.7) ? [rng.pick(own)] : [rng.pick(own), rng.pick(own)])]);
};

async function sendFiles(w: World, who: Who, chosen: string[]): Promise<boolean> {
  const response = w.response;
  if (!response) return false;
  const sent = await call(w, who, 'act/rwfSendResponse', {
    response,
    purpose: 'CONSULT_RESPONSE',
    subject: 'Our response',
    message: 'See the files.',
    attachments: chosen,
  });
  if (!sent || typeof sent.thread !== 'string' || typeof sent.message !== 'string') return false;
  const thread = sent.thread;
  const message = sent.message;
  const msg = await loadRow(w.app.services.items.db, message);
  const copies = Array.isArray(msg?.data.attachments) ? (msg.data.attachments as string[]) : [];
  for (const id of [thread, message, ...copies]) if (!w.items.includes(id)) w.items.push(id);
  if (!w.threads.includes(thread)) w.threads.push(thread);
  w.files.push(...copies);
  w.copies += copies.length;
  const addressed = await addressees(w);
  for (const s of w.secrets)
    if (chosen.includes(s.holder)) {
      for (const x of addressed) s.readers.add(x);
      (s.later ??= []).push({ id: thread, from: w.step + 1 });
    }
  return true;
}

/** The proponent organisation's people now: those a response is sent to. */
async function addressees(w: World): Promise<Who[]> {
  const out: Who[] = [];
  for (const who of PEOPLE) {
    const p = await loadPrincipal(w.app.services.items.db, w.users[who].id, null);
    if (p && p.orgs.has(w.orgs.pipeline)) out.push(who);
  }
  return out;
}

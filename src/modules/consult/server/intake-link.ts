import { sql } from 'drizzle-orm';
import type { Geometry } from '../../../kernel/geometry';
import { AppError, loadRowAsSystem, query, SYSTEM } from '../../../server/module-api';
import { intakeCheck } from './intake-check';
import type { ConsultCall } from './lifecycle-acts';

// The intake's "Link as related" (act cnsIntakeLink; docs/consultation-screens.md "The intake
// check"): once the referral and its project areas are saved, the links chosen on the check step.
// `rel` is the system's to write (types.ts), so a crafted create or update cannot link a referral
// to anything; here the check is run again, for the saved referral and as the caller, and only
// the referrals it names are linked: never one it did not offer, never one the caller cannot read.

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export async function cnsIntakeLink({ services, principal: p, body }: ConsultCall<'cnsIntakeLink'>) {
  const { items, registry } = services;
  return items.transaction(async (tx) => {
    // As the system: locked first, then the caller's right to change it is asked just below.
    const row = await loadRowAsSystem(tx, body.consultation, true);
    if (!row || row.deleted || row.type !== 'Consultation')
      throw new AppError('notFound', `${body.consultation} not found`);
    const load = items.loaderFor(tx);
    if (!(await items.policy.can(p, 'read', row, load)))
      throw new AppError('notFound', `${row.id} not found`);
    if (!(await items.policy.can(p, 'update', row, load)))
      throw new AppError('notAllowed', `update ${row.id}`);
    // Its own areas, as the check is asked of them; the check reads every match as the caller.
    const areas = await query<{ g: Geometry }>(
      tx,
      sql`select data->'geometry' as g from items where type = 'ConsultProjectFeature' and not deleted
        and data->>'consultation' = ${row.id}`,
    );
    const found = await intakeCheck(tx, registry, p, {
      geometries: areas.map((a) => a.g).filter((g) => g && typeof g === 'object'),
      identifiers: list(row.data.identifiers),
      exclude: row.id,
    });
    const offered = new Set([...found.overlapping, ...found.sameNumber].map((r) => r.$id));
    const wanted = [...new Set(body.rel)];
    const kept = wanted.filter((id) => offered.has(id));
    const rel = [...new Set([...list(row.data.rel), ...kept])];
    if (kept.length)
      await items.patchIn(tx, SYSTEM, row.id, { rel }, { actor: p.userId, realActor: p.masqueradeFrom });
    return { $id: row.id, rel, dropped: wanted.length - kept.length };
  });
}

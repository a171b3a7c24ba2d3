import { declaredProperty } from '../../../kernel/item-type';
import { tryParseId } from '../../../protocol/ids';
import { AppError } from '../../../protocol/errors';
import { loadRowAsSystem, toWire, type ActHandlers } from '../../../server/module-api';
import type { CoreActs } from '../contract';
import type { CoreCall } from './act-input';

// addRels and removeRels (spec capability-modules §7): change one relation list of an item, such
// as a collection's members (`rel`), without sending the whole list back. Both are a patch inside
// one transaction on the locked row, so two people adding members at once both land, and the
// patch runs the same checks as an edit: update on the item, every new id readable by the caller
// (the item service's relation check), the type's own hooks (a collection's allowed types).

function relationList(call: CoreCall<'addRels'> | CoreCall<'removeRels'>) {
  const { prop, itemID } = call.body;
  const parsed = tryParseId(itemID);
  const t = parsed ? call.services.registry.type(parsed.type) : undefined;
  if (!t) throw new AppError('notFound', `${itemID} not found`);
  const def = declaredProperty(t, prop);
  if (!def || def.kind !== 'relation' || !def.list || def.write)
    throw new AppError('invalidInput', `${prop} is no relation list of ${t.name}`, {
      fields: [{ path: 'prop', key: 'errors.invalidValue' }],
    });
  return { prop, itemID };
}

async function change(
  call: CoreCall<'addRels'> | CoreCall<'removeRels'>,
  next: (current: string[]) => string[],
) {
  const { services, principal } = call;
  const { prop, itemID } = relationList(call);
  // Inside the transaction only the transaction's own queries: the embedded database has one
  // connection, and a read outside it would wait for the transaction that waits for it.
  const row = await services.items.transaction(async (tx) => {
    // As the system: the list as it stands, in the transaction; the change is the caller's (patchIn checks
    // it), and no change answers through readableRow.
    const current = await loadRowAsSystem(tx, itemID, true);
    if (!current || current.deleted) throw new AppError('notFound', `${itemID} not found`);
    const before = Array.isArray(current.data[prop]) ? (current.data[prop] as string[]) : [];
    const after = next(before);
    if (after.length === before.length && after.every((v, i) => v === before[i])) return null;
    return services.items.patchIn(tx, principal, itemID, { [prop]: after.length ? after : null });
  });
  // Nothing to change: the same answer a change would give, to the same people.
  const answer = row ?? (await services.items.readableRow(principal, itemID));
  if (!row && !(await services.items.canRow(principal, 'update', answer)))
    throw new AppError('notAllowed', `update ${itemID}`);
  return (await services.items.withLabels(principal, [toWire(answer)]))[0]!;
}

export const relActs: ActHandlers<Pick<CoreActs, 'addRels' | 'removeRels'>> = {
  addRels: (call) =>
    change(call, (before) => [
      ...before,
      ...call.body.rels.filter((r, i, all) => !before.includes(r) && all.indexOf(r) === i),
    ]),
  removeRels: (call) => {
    const drop = new Set(call.body.ids);
    return change(call, (before) => before.filter((r) => !drop.has(r)));
  },
};

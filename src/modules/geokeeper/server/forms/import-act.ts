import {
  AppError,
  rankIn,
  type ActHandler,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { FormDefinition } from '../../form/definition';
import type { geokeeperFormActs } from '../../contract-forms';
import { walkFields } from '../../form/definition';
import { compileXlsForm } from '../xlsform';

// importGeoKeeperXlsForm (contract-forms.ts; docs/geokeeper-forms.md "XLSForm import in the
// browser"): compile the .xlsx, report every problem by sheet, row and column, and write the
// definition as a new form of a program or a new definition of a form, through the item service.

type Act = (typeof geokeeperFormActs)['importGeoKeeperXlsForm'];

const STAFF_RANK = 1; // roleRank('staff'): member 0, staff 1, editor 2, orgAdmin 3

/** A machine name from the file's title or name: a letter, then letters, digits and underscores. */
export function machineNameOf(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z]/.test(s) ? s : `form_${s}`.replace(/_+$/, '');
}

const countFields = (def: FormDefinition) => {
  let n = 0;
  walkFields(def.fields, () => n++);
  return n;
};

/** The organisation the import writes into, and whether the caller is its staff or above. */
async function assertMayImport(s: Services, p: Principal, formDef?: string, program?: string): Promise<void> {
  const id = formDef ?? program;
  if (!id)
    throw new AppError('invalidInput', 'a program or a form', {
      fields: [{ path: 'program', key: 'errors.required' }],
    });
  // Read through the policy: one the caller may not read is as good as missing.
  const row = (await s.items.read(p, id)) as { owner?: string | null };
  if (!p.admin && rankIn(p, row.owner ?? null) < STAFF_RANK)
    throw new AppError('notAllowed', `import a form into ${id}`);
}

export const importGeoKeeperXlsForm: ActHandler<Act> = async ({ services: s, principal: p, body }) => {
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
  await assertMayImport(s, p, body.formDef, body.program);
  const buffer = Buffer.from(body.file, 'base64');
  const { definition, problems } = await compileXlsForm(new Uint8Array(buffer));
  const reply = {
    problems: problems.map((x) => ({ ...x })),
    fieldCount: definition ? countFields(definition) : 0,
    ...(definition?.title ? { title: definition.title } : {}),
  };
  if (!definition || body.dryRun) return reply;
  if (body.formDef) {
    const current = (await s.items.read(p, body.formDef)) as { $version: number };
    const written = await s.items.update(p, { $id: body.formDef, $version: current.$version, definition });
    return { ...reply, formDef: written.$id, version: Number(written.version) };
  }
  const label = body.label ?? definition.title ?? 'Imported form';
  const written = await s.items.create(p, 'GeoKeeperFormDef', {
    label,
    machineName: machineNameOf(label),
    formType: body.formType ?? 'RECORD',
    program: body.program,
    state: 'DRAFT',
    definition,
  });
  return { ...reply, formDef: written.$id, version: Number(written.version) };
};

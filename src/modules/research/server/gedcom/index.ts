import { asyncActionsOf, type AsyncAction } from '../../../../server/module-api';
import { gedcomAsyncActs } from '../../gedcom-contract';
import { exportGedcom } from './export-task';
import { importGedcom } from './import-task';

// GEDCOM import and export (gedcom-contract.ts, docs/research-gedcom.md): background tasks both.
export const gedcomAsyncActions: Record<string, AsyncAction> = asyncActionsOf(gedcomAsyncActs, {
  importGedcom,
  exportGedcom,
});

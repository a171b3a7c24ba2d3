import { createContext, useContext } from 'react';

export { CELL_WIDTHS, type CellWidth } from '../../kernel/view';

export type CellAction = 'VALIDATE' | 'SAVE' | 'CLOSE' | 'RESET';
export type DirtyState = 'NONE' | 'DIRTY' | 'SAVING' | 'ERROR';

/** A gate answers true to let an action proceed; false or a throw stops it (spec core §4 "Cells"). */
export type Gate = (action: CellAction) => Promise<boolean>;

export interface MenuEntry {
  key: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export interface CellApi {
  index: number;
  focused: boolean;
  setTitle(title: string): void;
  setDirty(state: DirtyState): void;
  /** Registers a gate; returns the unregister function. */
  registerGate(gate: Gate): () => void;
  setMenu(entries: MenuEntry[]): void;
  setAction(action: { label: string; onClick: () => void } | null): void;
  /** Opens a path segment (e.g. i-Thread-3) as the next cell. */
  open(segment: string, param?: string | null): void;
  close(): void;
  setParam(param: string | null): void;
}

export const CellContext = createContext<CellApi | null>(null);

export function useCell(): CellApi {
  const c = useContext(CellContext);
  if (!c) throw new Error('useCell outside a cell');
  return c;
}

/** Runs every gate with the action; the first refusal stops it. */
export async function runGates(gates: Iterable<Gate>, action: CellAction): Promise<boolean> {
  for (const g of gates) {
    try {
      if (!(await g(action))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

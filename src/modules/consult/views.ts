import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The consultation views as data (kernel/view.ts), its navigation and their English titles.

export const consultViews: readonly ViewDecl[] = [];
export const consultNav: readonly NavEntry[] = [];
export const consultTitles: Readonly<Record<string, string>> = {};

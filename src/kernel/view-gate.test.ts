import { describe, expect, it } from 'vitest';
import { coreViews } from '../modules/core/views';
import type { ViewDecl } from './view';
import { gateRefusal, passesViewRule, type GateSubject } from './view-gate';

const member: GateSubject = { admin: false, roles: ['member'], capabilities: { Core: true } };
const editor: GateSubject = { admin: false, roles: ['member', 'editor'], capabilities: { Core: true } };
const orgAdmin: GateSubject = { admin: false, roles: ['orgAdmin'], capabilities: { Core: true } };
const siteAdmin: GateSubject = { admin: true, roles: [], capabilities: {} };
const view = (name: string): ViewDecl => coreViews.find((v) => v.name === name)!;

describe('the view gate rule', () => {
  it('keeps admin-only screens from everyone but site admins', () => {
    for (const name of ['admin.state', 'admin.systext', 'admin.menu-items', 'admin.capabilities']) {
      expect(gateRefusal(member, view(name))).toBe('admin');
      expect(gateRefusal(orgAdmin, view(name))).toBe('admin');
      expect(passesViewRule(siteAdmin, view(name))).toBe(true);
    }
  });

  it('asks for the role, or a higher one, in some organisation', () => {
    expect(gateRefusal(member, view('admin.owner'))).toBe('orgRole');
    expect(gateRefusal(editor, view('admin.contacts'))).toBe('orgRole');
    expect(passesViewRule(orgAdmin, view('admin.contacts'))).toBe(true);
    expect(gateRefusal(member, view('admin.lovs'))).toBe('orgRole');
    expect(passesViewRule(editor, view('admin.lovs'))).toBe(true);
    expect(passesViewRule(orgAdmin, view('admin.lovs'))).toBe(true);
    expect(passesViewRule({ admin: false, roles: ['owner', 'root'] }, view('admin.lovs'))).toBe(false);
  });

  it('asks for the capability when capabilities are known, and admins hold every one', () => {
    const gate = { capability: 'Consult' };
    expect(gateRefusal(member, gate)).toBe('capability');
    expect(passesViewRule({ ...member, capabilities: { Consult: true } }, gate)).toBe(true);
    expect(passesViewRule(siteAdmin, gate)).toBe(true);
    // The server's principal carries no capabilities: the role rule alone applies there.
    expect(passesViewRule({ admin: false, roles: [] }, gate)).toBe(true);
  });

  it('lets everyone signed in open an ungated screen', () => {
    for (const name of ['home', 'search', 'notifications', 'my-contacts'])
      expect(passesViewRule({ admin: false, roles: [] }, view(name))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { coreViews } from '../modules/core/views';
import type { ViewDecl } from './view';
import { defineItemType } from './item-type';
import { buildRegistry } from './registry';
import { defineModule } from './module';
import { coreModule } from '../modules/core/module';
import {
  gateRefusal,
  passesViewRule,
  resolveWorkflowGate,
  workflowCapabilities,
  type GateSubject,
} from './view-gate';

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

  it('asks for any one of several capabilities', () => {
    const gate = { anyCapability: ['WorkflowAdmin', 'ConsultRespond'] };
    expect(gateRefusal(member, gate)).toBe('capability');
    expect(passesViewRule({ ...member, capabilities: { ConsultRespond: true } }, gate)).toBe(true);
    expect(passesViewRule(siteAdmin, gate)).toBe(true);
    // Nobody holds a capability of an empty list: admins only.
    expect(gateRefusal({ ...member, capabilities: { Core: true } }, { anyCapability: [] })).toBe(
      'capability',
    );
  });
});

describe('the gate of screens for some kinds of organisation (orgKinds)', () => {
  const proponentEditor: GateSubject = {
    admin: false,
    roles: ['editor'],
    memberships: [{ kind: 'INDUSTRY', roles: ['editor'] }],
  };
  const communityEditor: GateSubject = {
    admin: false,
    roles: ['member', 'editor'],
    // An editor of a community, a member of a second organisation: the role counts where it is held.
    memberships: [
      { kind: 'COMMUNITY', roles: ['editor'] },
      { kind: 'INDUSTRY', roles: ['member'] },
    ],
  };
  const gate = { minOrgRole: 'editor' as const, orgKinds: ['COMMUNITY'] };

  it('asks for the role in an organisation of one of the kinds', () => {
    expect(gateRefusal(proponentEditor, gate)).toBe('orgRole');
    expect(passesViewRule(communityEditor, gate)).toBe(true);
    expect(
      gateRefusal({ ...communityEditor, memberships: [{ kind: 'COMMUNITY', roles: ['member'] }] }, gate),
    ).toBe('orgRole');
    // Memberships unknown: refused; admins pass.
    expect(gateRefusal({ admin: false, roles: ['editor'] }, gate)).toBe('orgRole');
    expect(passesViewRule(siteAdmin, gate)).toBe(true);
  });

  it("is derived for a role's list screen of a type that applies in some kinds only", () => {
    const registry = buildRegistry([coreModule]);
    expect(registry.views.get('admin.protocols')?.orgKinds).toEqual(['COMMUNITY']);
    // The lists of values apply in every organisation: any editor keeps their own.
    expect(registry.views.get('admin.lovs')?.orgKinds).toBeUndefined();
  });
});

describe('the gate of the holders of a capability with workflow-capable types', () => {
  const access = { create: ['staff' as const], defaultLevel: 'PROTECTED' as const };
  const Response = defineItemType({
    name: 'TestResponse',
    properties: {},
    workflow: { stateList: 'TEST_STATES' },
    access,
  });
  const Plain = defineItemType({ name: 'TestPlain', properties: {}, access });
  const respond = defineModule({
    id: 'respond',
    requires: ['core'],
    types: [Response],
    capabilities: ['Respond', 'RespondDrafts'],
  });
  const other = defineModule({ id: 'other', requires: ['core'], types: [Plain], capabilities: ['Other'] });

  it('is the capabilities of the modules that declare a workflow-capable type', () => {
    expect(workflowCapabilities([respond, other])).toEqual(['Respond', 'RespondDrafts']);
    expect(workflowCapabilities([other])).toEqual([]);
  });

  it('is only the capability a workflow-capable type names as the one it is worked under', () => {
    const Worked = defineItemType({
      name: 'TestWorked',
      properties: {},
      workflow: { stateList: 'TEST_STATES', capability: 'Respond' },
      access,
    });
    const worked = defineModule({ ...respond, id: 'worked', types: [Worked] });
    expect(workflowCapabilities([worked, other])).toEqual(['Respond']);
  });

  it('adds them to the capabilities the view names itself', () => {
    const gate = resolveWorkflowGate({ workflowTypes: true, anyCapability: ['WorkflowAdmin'] }, ['Respond']);
    expect(gate.anyCapability).toEqual(['WorkflowAdmin', 'Respond']);
    expect(resolveWorkflowGate({ capability: 'X' }, ['Respond'])).toEqual({ capability: 'X' });
  });

  it('is resolved by the registry once every module is registered', () => {
    const screen = defineModule({
      id: 'designer',
      requires: ['core'],
      types: [],
      client: true,
      views: [{ name: 'admin.test-designer', titleKey: 't', screen: true, workflowTypes: true }],
    });
    // The designer registers before the module with the workflow-capable type.
    const registry = buildRegistry([coreModule, screen, respond, other]);
    const v = registry.views.get('admin.test-designer')!;
    expect(v.anyCapability).toEqual(['Respond', 'RespondDrafts']);
    expect(gateRefusal({ ...member, capabilities: { Other: true } }, v)).toBe('capability');
    expect(gateRefusal({ ...member, capabilities: { RespondDrafts: true } }, v)).toBeNull();
  });
});

// The deployment's key capabilities (KEY_CAPS, spec core §3 config `keyCaps`; capability-modules
// §2): some module groups exist only where the deployment names their capability as a key one,
// for everyone, admins too. A deployment that names key capabilities is a dedicated one (there
// is no other dedicated flag): `dedicatedKeyCap` gates only there, and a shared deployment (no
// KEY_CAPS) shows the group. The client's navigation and views and the server's config use this
// one test.

export interface KeyCapGate {
  /** Exists only when the deployment's key capabilities include this one (research, vocab). */
  keyCap?: string;
  /** On a dedicated deployment (KEY_CAPS set), exists only when it includes this one (consult). */
  dedicatedKeyCap?: string;
}

/** Does an entry or view with this gate exist on a deployment with these key capabilities? */
export function passesKeyCaps(gate: KeyCapGate, keyCaps: readonly string[]): boolean {
  if (gate.keyCap !== undefined && !keyCaps.includes(gate.keyCap)) return false;
  if (gate.dedicatedKeyCap !== undefined && keyCaps.length > 0 && !keyCaps.includes(gate.dedicatedKeyCap))
    return false;
  return true;
}

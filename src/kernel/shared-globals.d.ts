// The shared code (protocol, kernel, module manifests) compiles with neither the DOM nor the
// Node types (tsconfig.shared.json), so it cannot lean on one side by accident. These are the
// few Web APIs it uses that the browser and Node both have as globals; keep the list short.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

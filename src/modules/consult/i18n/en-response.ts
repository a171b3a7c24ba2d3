// The response screens' and step panels' English strings (`consult.response.*`,
// `consult.step.*`), kept by their own helper; client/index.ts merges them into the module's.
export const consultResponseEn = {};

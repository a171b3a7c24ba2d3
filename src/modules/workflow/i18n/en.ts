// The workflow module's English strings (loaded with its client half).
export const workflowEn = {};

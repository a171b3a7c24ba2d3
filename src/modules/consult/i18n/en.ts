// The consultation module's English strings (loaded with its client half).
export const consultEn = {};

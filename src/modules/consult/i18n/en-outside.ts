// The English strings of the outside parties' side (keys consult.outside.*; client/outside/),
// merged into the module's bundle by en.ts.
export const consultOutsideEn = {
  consult: {
    outside: {
      title: 'From the community',
      empty: 'The community has not written to you about this consultation yet.',
      loadFailed: 'What the community sent could not be loaded. Try again in a moment.',
      state: 'Where it stands: {{state}}',
      signed: '{{community}}, {{date}}',
      open: 'Open the conversation',
      purpose: {
        CONSULT_INCOMPLETE: 'Asked for more',
        CONSULT_ACK: 'Acknowledged',
        SPATIAL_SUMMARY: 'What lies in the area',
        CONSULT_RESPONSE: 'The community’s response',
        CONSULT_INVOICE: 'Invoice for the review',
      },
    },
  },
};

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
      // The desk's "The community’s latest word" card (LatestWordCard.tsx).
      latest: {
        label: 'The latest word from each community, by referral',
        empty:
          'Nothing from a community yet. What a community sends you about a referral shows here: a request for more, its acknowledgement, its response.',
        failed: 'What the communities sent could not be loaded. Try again in a moment.',
        aCommunity: 'A community',
      },
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

// The history's words for the events consult's server half writes (an item's timeline, the
// audit screen and its CSV all read these). No imports: the CSV's server code reads it too.
export const consultEventsEn = {
  item: {
    events: {
      CNS_SUBMITTED: 'Submitted',
      CNS_ASSIGNED: 'Assigned',
      CNS_UNASSIGNED: 'Unassigned',
      CNS_WITHDRAWN: 'Withdrawn',
      CNS_CLOSED: 'Closed',
      CNS_DISTRIBUTED: 'Distributed',
      RWF_SECTION_UPDATED: 'Section updated',
      RWF_CONCERN_CREATED: 'Concern recorded',
    },
  },
};

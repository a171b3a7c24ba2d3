// The fieldwork job strings (docs/geokeeper.md "Fieldwork jobs"): the step kinds' names, the job's
// new fields, and the step panels (the job's GKF steps, the response's RWF_FIELDWORK step).
export const geokeeperFieldworkEn = {
  workflow: {
    kinds: {
      GKF_CONFIRM: 'Confirm with the external party',
      GKF_WORK_ITEMS: 'Collect the work items',
      GKF_REPORT: 'Send the fieldwork report',
      GKF_INVOICE: 'Send the invoice',
      RWF_FIELDWORK: 'Fieldwork job',
    },
  },
  types: {
    GeoKeeperFieldwork: { response: 'From the response', responseStep: 'Response step' },
    GeoKeeperWorkItem: { fieldwork: 'Fieldwork job' },
  },
  geokeeper: {
    fieldwork: {
      loadFailed: 'This could not be loaded. Try again in a moment.',
      complete: 'Complete step',
      completed: 'Step completed.',
      cancel: 'Cancel',
      help: {
        GKF_CONFIRM:
          'Ask the external party to confirm the fieldwork (dates, access to the site). They see this thread and its replies, never the job or its field data.',
        GKF_REPORT:
          'Send the report to the external party with its file. Upload the report to the job’s Attachments first, then choose it here.',
        GKF_INVOICE: 'Send the invoice to the external party. Attach the invoice file if you have one.',
      },
      send: {
        GKF_CONFIRM: 'Ask to confirm',
        GKF_REPORT: 'Send the report',
        GKF_INVOICE: 'Send the invoice',
      },
      subjects: {
        GKF_CONFIRM: 'Please confirm the fieldwork: {{label}}',
        GKF_REPORT: 'Fieldwork report: {{label}}',
        GKF_INVOICE: 'Invoice for the fieldwork: {{label}}',
      },
      sentCount_one: '{{count}} sent to the external party',
      sentCount_other: '{{count}} sent to the external party',
      noneSent: 'Nothing sent yet.',
      sent: 'Sent to the external party.',
      threads: 'Threads sent to the external party',
      subject: 'Subject',
      message: 'Message',
      files: 'Files of the job to send',
      filesHelp: 'The external party receives only the files chosen here, never the job’s other files.',
      reportFileHelp:
        'Choose the report file (required). The external party receives only the files chosen here.',
      noFiles: 'The job has no files yet: upload them in its Attachments section.',
      sendNow: 'Send',
      noParty: 'The job names no external party: choose one on the job first.',
      required: {
        subject: 'Write a subject.',
        message: 'Write a message.',
        attachments: 'Choose the report file.',
      },
      // What a refused completion means, by the field the server names.
      refusals: {
        thread: 'Send the thread to the external party before completing this step.',
        report: 'Send the report with its file before completing this step.',
        workItems: 'Add a work item to the job before completing this step.',
        fieldData: 'Each work item needs its field data before this step can be completed.',
        finalized: 'Finalize every record of the job’s work items before completing this step.',
        job: 'Start the fieldwork job before completing this step.',
        jobDone: 'The fieldwork job is not done yet: this step completes by itself when it is.',
      },
      workItems: {
        help: 'The job’s work items are collected as field data by the monitors. The step completes when every work item has records and all of them are finalized.',
        list: 'Work items of the job',
        none: 'No work item yet.',
        progress: '{{records}} records, {{finalized}} finalized',
        add: 'New work item',
        ready: 'All field data is in and finalized.',
      },
      start: {
        help: 'Start a fieldwork job for the proponent: community monitors collect field data, then the report and the invoice go to the proponent. This step completes when the job is done.',
        label: 'Name of the job',
        labelDefault: 'Fieldwork: {{project}}',
        program: 'Monitoring program',
        programHelp: 'Where the monitors’ field data goes.',
        noProgram: 'None yet',
        description: 'What to monitor',
        submit: 'Start a fieldwork job',
        started: 'Fieldwork job started.',
        job: 'The fieldwork job',
        stage: 'Stage: {{stage}}',
        waits: 'This step completes by itself when the job is done.',
        done: 'The job is done.',
      },
    },
  },
};

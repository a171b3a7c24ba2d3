// The English strings of the response letters (keys consult.letter.*, the letter step kinds'
// names and the letter types'), merged into the module's bundle by en.ts.
export const consultLettersEn = {
  workflow: {
    kinds: {
      RWF_LETTER_PROPOSE: 'Propose the letter',
      RWF_LETTER_APPROVE: 'Approve the letter',
      RWF_LETTER_SEND: 'Send the letter',
    },
  },
  typeNames: {
    LetterTemplate: 'Letter template',
    ResponseLetter: 'Response letter',
  },
  types: {
    LetterTemplate: {
      title: 'Title',
      description: 'Description',
      body: 'Letter text (Markdown with placeholders)',
    },
    ResponseLetter: {
      response: 'Response',
      template: 'Template',
      subject: 'Subject',
      body: 'Letter',
      state: 'Letter state',
      missing: 'Fields without a value',
      returnNote: 'Sent back with',
      approvedBy: 'Approved by',
      approvedAt: 'Approved at',
      thread: 'Sent message',
      pdf: 'PDF',
      docx: 'Word file',
    },
  },
  consult: {
    letter: {
      template: 'Template',
      noTemplates:
        'Your organisation has no letter templates yet. An editor adds one as a “Letter template” item.',
      draft: 'Draft the letter',
      redraft: 'Draft again from the template',
      redraftHelp: 'Drafting again replaces the text below with the template filled anew.',
      subject: 'Subject',
      body: 'Letter',
      bodyHelp:
        'Markdown: a blank line starts a paragraph, # a heading, - a bullet, **bold**. Placeholders such as {{project.name}} are filled when the letter is drafted.',
      preview: 'Preview',
      save: 'Save letter',
      saved: 'Letter saved.',
      submit: 'Send to the approver again',
      missing: 'No value was found for: {{fields}}. Replace these placeholders before the letter goes on.',
      returned: 'Sent back by the approver: {{note}}',
      states: {
        DRAFT: 'Draft',
        PROPOSED: 'Waiting for approval',
        APPROVED: 'Approved',
        SENT: 'Sent',
      },
      state: 'Letter: {{state}}',
      noLetter: 'No letter has been drafted for this response yet.',
      approver: 'Approver: {{name}}',
      noApprover: 'Choose the approver: assign this step to the person who approves letters.',
      notApprover: 'Only {{name}}, the chosen approver, can approve or send back this letter.',
      approve: 'Approve',
      approved: 'Letter approved.',
      sendBack: 'Send back',
      note: 'What should change',
      noteRequired: 'Say what should change.',
      sentBack: 'Letter sent back.',
      send: 'Send the letter',
      sendHelp:
        'Sends the letter to the proponent as the response, with the letter attached as PDF and Word files.',
      sent: 'Letter sent to the proponent.',
      openThread: 'Open the sent message',
      files: 'Letter files',
      failed: 'The letter could not be saved.',
      errors: {
        unfilled: 'Replace the placeholders still in the letter: {{fields}}.',
        noLetter: 'Draft the letter first.',
        notApprover: 'Only the chosen approver can approve this letter.',
      },
    },
  },
};

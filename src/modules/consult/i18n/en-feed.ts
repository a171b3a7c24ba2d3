// The calendar feed dialog's English strings (keys consult.feed.*); en.ts merges them in.
export const consultFeedEn = {
  consult: {
    feed: {
      menu: 'Calendar feed…',
      title: 'Your calendar feed',
      explain:
        'Add your deadlines and meetings to your own calendar program: requested and due response dates, the workflow steps assigned to you, and meetings. The feed holds only what you may see, checked each time your calendar asks.',
      off: 'Your feed is off.',
      onSince: 'Your feed is on (link made {{date}}).',
      hidden:
        'For your safety the link is shown only once. If you have lost it, make a new link: the old one stops working.',
      link: 'Your secret link',
      linkHelp: 'Anyone with this link can see your deadlines and meetings. Keep it to yourself.',
      copy: 'Copy link',
      copied: 'Copied',
      turnOn: 'Turn on',
      renew: 'Make a new link',
      turnOff: 'Turn off',
      close: 'Close',
      failed: 'The calendar feed could not be changed. Try again.',
    },
  },
};
